// Found only through `-isystem <cuda-path>/include/cccl`, which headroom
// instrument adds for the CUDA path it is given (instrument/cli.test).
#pragma once
#define CCCL_MARKER 42
