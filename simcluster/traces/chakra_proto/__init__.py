"""MLCommons Chakra's `et_def.proto` (Apache-2.0, LICENSE-chakra.md; github.com/mlcommons/chakra at commit
21585d8f2d65603d791d2121e3d4632351120262, schema/protobuf/et_def.proto) and the module protoc generated
from it: `python -m grpc_tools.protoc -I. --python_out=. et_def.proto` (grpcio-tools 1.85.1, protoc 7.35.1)."""
