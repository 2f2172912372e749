/* A test table in the form of xla/service/gpu/model/matmul_interpolator_data.h */
constexpr char kDefaultMatmulPTable[] = R"pb(
  entries {
    key: "sm_90"
    value {
      entries {
        b: 1
        m: 256
        n: 256
        k: 256
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 600000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 1
        m: 256
        n: 256
        k: 512
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 1200000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 1
        m: 256
        n: 512
        k: 256
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 600000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 1
        m: 256
        n: 512
        k: 512
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 1200000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 1
        m: 512
        n: 256
        k: 256
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 600000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 1
        m: 512
        n: 256
        k: 512
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 1200000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 1
        m: 512
        n: 512
        k: 256
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 600000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 1
        m: 512
        n: 512
        k: 512
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 1200000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 2
        m: 256
        n: 256
        k: 256
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 600000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 2
        m: 256
        n: 256
        k: 512
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 1200000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 2
        m: 256
        n: 512
        k: 256
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 600000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 2
        m: 256
        n: 512
        k: 512
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 1200000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 2
        m: 512
        n: 256
        k: 256
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 600000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 2
        m: 512
        n: 256
        k: 512
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 1200000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 2
        m: 512
        n: 512
        k: 256
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 600000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
      entries {
        b: 2
        m: 512
        n: 512
        k: 512
        flops { key: "bf16xbf16->bf16" value: 600000000000000 }
        flops { key: "f32xf32->f32" value: 300000000000000 }
        flops { key: "f8e4m3fnxf8e4m3fn->bf16" value: 1200000000000000 }
        flops { key: "f8e4m3fnxf8e5m2->bf16" value: 5 }
      }
    }
  }
)pb";
