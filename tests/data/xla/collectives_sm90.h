/* A test table in the form of xla/service/gpu/model/collective_interpolator_data.h */
#ifndef TEST_
constexpr char kDefaultCollectivePTable[] = R"pb(
  entries {
    key: "sm_100"
    value {
      entries {
        instruction {
          name: "_"
          opcode: "all-reduce"
          shape {
            element_type: F32
            dimensions: 1024
            layout { minor_to_major: 0 tail_padding_alignment_in_elements: 1 }
            is_dynamic_dimension: false
          }
          metadata {}
          channel_id: 1
          collective_device_list {
            iota_replica_group_list {
              num_replica_groups: 1
              num_devices_per_group: 8
              iota_reshape_dims: 8
              iota_transpose_perm: 0
            }
          }
        }
        fingerprint: "0123abcd"  # a comment
        network_throughput_bytes_per_sec: 1000000
      }
    }
  }
  entries {
    key: "sm_90"
    value {
      entries {
        instruction {
          name: "collective-permute"
          opcode: "collective-permute"
          shape {
            element_type: F32
            dimensions: 262144
          }
          source_target_pairs { target: 1 }
          source_target_pairs { source: 1 }
          source_target_pairs { source: 2 target: 3 }
          source_target_pairs { source: 3 target: 2 }
          source_target_pairs { source: 4 target: 5 }
          source_target_pairs { source: 5 target: 4 }
          source_target_pairs { source: 6 target: 7 }
          source_target_pairs { source: 7 target: 6 }
        }
        network_throughput_bytes_per_sec: 68791199563
      }
      entries {
        instruction {
          name: "collective-permute"
          opcode: "collective-permute"
          shape {
            element_type: F32
            dimensions: 262144
          }
          source_target_pairs { target: 1 }
          source_target_pairs { source: 1 target: 2 }
          source_target_pairs { source: 2 target: 3 }
          source_target_pairs { source: 3 target: 4 }
          source_target_pairs { source: 4 target: 5 }
          source_target_pairs { source: 5 target: 6 }
          source_target_pairs { source: 6 target: 7 }
          source_target_pairs { source: 7 }
        }
        network_throughput_bytes_per_sec: 55215799051
      }
      entries {
        instruction {
          name: "collective-permute"
          opcode: "collective-permute"
          shape {
            element_type: F32
            dimensions: 4194304
          }
          source_target_pairs { target: 1 }
          source_target_pairs { source: 1 }
          source_target_pairs { source: 2 target: 3 }
          source_target_pairs { source: 3 target: 2 }
          source_target_pairs { source: 4 target: 5 }
          source_target_pairs { source: 5 target: 4 }
          source_target_pairs { source: 6 target: 7 }
          source_target_pairs { source: 7 target: 6 }
        }
        network_throughput_bytes_per_sec: 178697587544
      }
      entries {
        instruction {
          name: "collective-permute"
          opcode: "collective-permute"
          shape {
            element_type: F32
            dimensions: 4194304
          }
          source_target_pairs { target: 1 }
          source_target_pairs { source: 1 target: 2 }
          source_target_pairs { source: 2 target: 3 }
          source_target_pairs { source: 3 target: 4 }
          source_target_pairs { source: 4 target: 5 }
          source_target_pairs { source: 5 target: 6 }
          source_target_pairs { source: 6 target: 7 }
          source_target_pairs { source: 7 }
        }
        network_throughput_bytes_per_sec: 135466067682
      }
      entries {
        instruction {
          name: "collective-permute"
          opcode: "collective-permute"
          shape {
            element_type: F32
            dimensions: 262144
          }
          source_target_pairs { target: 4 }
          source_target_pairs { source: 1 target: 5 }
          source_target_pairs { source: 2 target: 6 }
          source_target_pairs { source: 3 target: 7 }
        }
        network_throughput_bytes_per_sec: 123456789
      }
      entries {
        instruction {
          name: "_"
          opcode: "all-reduce"
          shape {
            element_type: F32
            dimensions: 67108864
            layout { minor_to_major: 0 tail_padding_alignment_in_elements: 1 }
            is_dynamic_dimension: false
          }
          metadata {}
          channel_id: 1
          collective_device_list {
            iota_replica_group_list {
              num_replica_groups: 1
              num_devices_per_group: 8
              iota_reshape_dims: 8
              iota_transpose_perm: 0
            }
          }
        }
        fingerprint: "0123abcd"  # a comment
        network_throughput_bytes_per_sec: 195912937630
      }
      entries {
        instruction {
          name: "_"
          opcode: "all-reduce"
          shape {
            element_type: F32
            dimensions: 4194304
            layout { minor_to_major: 0 tail_padding_alignment_in_elements: 1 }
            is_dynamic_dimension: false
          }
          metadata {}
          channel_id: 1
          collective_device_list {
            iota_replica_group_list {
              num_replica_groups: 1
              num_devices_per_group: 8
              iota_reshape_dims: 8
              iota_transpose_perm: 0
            }
          }
        }
        fingerprint: "0123abcd"  # a comment
        network_throughput_bytes_per_sec: 149949091075
      }
      entries {
        instruction {
          name: "_"
          opcode: "all-reduce"
          shape {
            element_type: F32
            dimensions: 262144
            layout { minor_to_major: 0 tail_padding_alignment_in_elements: 1 }
            is_dynamic_dimension: false
          }
          metadata {}
          channel_id: 1
          collective_device_list {
            iota_replica_group_list {
              num_replica_groups: 1
              num_devices_per_group: 8
              iota_reshape_dims: 8
              iota_transpose_perm: 0
            }
          }
        }
        fingerprint: "0123abcd"  # a comment
        network_throughput_bytes_per_sec: 31542874744
      }
      entries {
        instruction {
          name: "_"
          opcode: "reduce-scatter"
          shape {
            element_type: F32
            dimensions: 65536
            layout { minor_to_major: 0 tail_padding_alignment_in_elements: 1 }
            is_dynamic_dimension: false
          }
          metadata {}
          channel_id: 1
          iota_collective_device_list {
            num_replica_groups: 2
            num_devices_per_group: 4
            iota_reshape_dims: 8
            iota_transpose_perm: 0
          }
        }
        fingerprint: "0123abcd"  # a comment
        network_throughput_bytes_per_sec: 46353194137
      }
      entries {
        instruction {
          name: "_"
          opcode: "reduce-scatter"
          shape {
            element_type: F32
            dimensions: 1048576
            layout { minor_to_major: 0 tail_padding_alignment_in_elements: 1 }
            is_dynamic_dimension: false
          }
          metadata {}
          channel_id: 1
          iota_collective_device_list {
            num_replica_groups: 2
            num_devices_per_group: 4
            iota_reshape_dims: 8
            iota_transpose_perm: 0
          }
        }
        fingerprint: "0123abcd"  # a comment
        network_throughput_bytes_per_sec: 270849089744
      }
      entries {
        instruction {
          name: "collective-permute"
          opcode: "collective-permute"
          shape {
            element_type: F32
            dimensions: 4194304
          }
          source_target_pairs { target: 1 }
        }
        network_throughput_bytes_per_sec: 75804898766
      }
    }
  }
)pb";
#endif
