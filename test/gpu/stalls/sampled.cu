// Warp-stall samples taken by the runtime (issue 32), checked against
// Nsight Compute's Source Counters: six kernels whose hottest line is known
// by design, each launched ROUNDS times (the runtime samples the counters
// of a kernel's first launch and the warp stalls of its second).
//
//   findIndex     each thread searches a table linearly: the load in the
//                 loop's condition waits on memory (long scoreboard)
//   serialSum     thread 0 sums the table, every other thread returns
//   streamCopy    a grid-stride copy, bandwidth-bound
//   bankConflict  a warp's 32 threads read one shared-memory bank
//   barrierWait   one warp per block works, the others wait at a barrier
//   pointerChase  each thread follows a chain of dependent loads
//
// usage: sampled [ROUNDS]   (default 4); prints one checksum per kernel,
// so that the plain and the instrumented build can be compared.
// NOTE: test/gpu/stalls/recorded/ names lines of this file: do not
// reformat it without recording it again.

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t Status = (call);                                               \
    if (Status != cudaSuccess) {                                               \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(Status));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void findIndex(const float *Table, int Size, const float *Wanted,
                          int *Found, int Queries) {
  int Q = blockIdx.x * blockDim.x + threadIdx.x;
  if (Q >= Queries)
    return;
  float W = Wanted[Q];
  int At = -1;
  for (int I = 0; I < Size; ++I)
    if (Table[I] >= W) { At = I; break; }
  Found[Q] = At;
}

__global__ void serialSum(const float *In, int Size, float *Out) {
  if (blockIdx.x != 0 || threadIdx.x != 0)
    return;
  float Sum = 0;
  for (int I = 0; I < Size; ++I)
    Sum += In[I];
  *Out = Sum;
}

__global__ void streamCopy(const float4 *In, float4 *Out, int Size) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < Size;
       I += gridDim.x * blockDim.x)
    Out[I] = In[I];
}

__global__ void bankConflict(float *Out, int Rounds) {
  __shared__ float Tile[32 * 33];
  for (int I = threadIdx.x; I < 32 * 33; I += blockDim.x)
    Tile[I] = float(I);
  __syncthreads();
  float Sum = 0;
  for (int R = 0; R < Rounds; ++R)
    Sum += Tile[(threadIdx.x % 32) * 32 + (R & 31)];
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Sum;
}

__global__ void barrierWait(float *Out, int Work) {
  float Sum = 0;
  for (int Step = 0; Step < 8; ++Step) {
    if (threadIdx.x < 32)
      for (int I = 0; I < Work; ++I)
        Sum = Sum * 0.999f + float(I);
    __syncthreads();
  }
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Sum;
}

__global__ void pointerChase(const int *Next, int Size, int Steps, int *Out) {
  int At = (blockIdx.x * blockDim.x + threadIdx.x) * 97 % Size;
  for (int S = 0; S < Steps; ++S)
    At = Next[At];
  Out[blockIdx.x * blockDim.x + threadIdx.x] = At;
}

int main(int Argc, char **Argv) {
  int Rounds = Argc > 1 ? std::atoi(Argv[1]) : 4;
  const int Size = 100000, Queries = 1 << 16, Stream = 1 << 24;
  const int Chain = 1 << 22, Blocks = 132 * 4, Threads = 256;
  std::vector<float> Table(Size);
  for (int I = 0; I < Size; ++I)
    Table[I] = float(I);
  std::vector<float> Wanted(Queries);
  for (int Q = 0; Q < Queries; ++Q)
    Wanted[Q] = float((Q * 7919) % Size);
  std::vector<int> Next(Chain);
  for (int I = 0; I < Chain; ++I)
    Next[I] = int((I * 2654435761u + 12345u) % Chain);

  float *DTable, *DWanted, *DSum, *DOut;
  int *DFound, *DNext, *DChased;
  float4 *DIn, *DCopy;
  CHECK(cudaMalloc(&DTable, Size * sizeof(float)));
  CHECK(cudaMalloc(&DWanted, Queries * sizeof(float)));
  CHECK(cudaMalloc(&DFound, Queries * sizeof(int)));
  CHECK(cudaMalloc(&DSum, sizeof(float)));
  CHECK(cudaMalloc(&DIn, Stream * sizeof(float4)));
  CHECK(cudaMalloc(&DCopy, Stream * sizeof(float4)));
  CHECK(cudaMalloc(&DOut, Blocks * Threads * sizeof(float)));
  CHECK(cudaMalloc(&DNext, Chain * sizeof(int)));
  CHECK(cudaMalloc(&DChased, Blocks * Threads * sizeof(int)));
  CHECK(cudaMemcpy(DTable, Table.data(), Size * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DWanted, Wanted.data(), Queries * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DNext, Next.data(), Chain * sizeof(int),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemset(DIn, 1, Stream * sizeof(float4)));

  double Checks[6] = {};
  std::vector<int> Found(Queries), Chased(Blocks * Threads);
  std::vector<float> Out(Blocks * Threads);
  float Sum = 0;
  float4 Last;
  for (int Round = 0; Round < Rounds; ++Round) {
    findIndex<<<Queries / 256, 256>>>(DTable, Size, DWanted, DFound, Queries);
    serialSum<<<132, 256>>>(DTable, Size, DSum);
    streamCopy<<<132 * 8, 256>>>(DIn, DCopy, Stream);
    bankConflict<<<Blocks, Threads>>>(DOut, 4096);
    CHECK(cudaMemcpy(Out.data(), DOut, Out.size() * sizeof(float),
                     cudaMemcpyDeviceToHost));
    Checks[3] += Out[Round % Out.size()];
    barrierWait<<<Blocks, Threads>>>(DOut, 2048);
    pointerChase<<<Blocks, Threads>>>(DNext, Chain, 256, DChased);
    CHECK(cudaMemcpy(Found.data(), DFound, Queries * sizeof(int),
                     cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&Sum, DSum, sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&Last, DCopy + Stream - 1, sizeof(float4),
                     cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(Out.data(), DOut, Out.size() * sizeof(float),
                     cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(Chased.data(), DChased, Chased.size() * sizeof(int),
                     cudaMemcpyDeviceToHost));
    Checks[0] += Found[Round % Queries];
    Checks[1] += Sum;
    Checks[2] += Last.x;
    Checks[4] += Out[Round % Out.size()];
    Checks[5] += Chased[Round % Chased.size()];
  }
  const char *Names[6] = {"findIndex",    "serialSum",   "streamCopy",
                          "bankConflict", "barrierWait", "pointerChase"};
  for (int K = 0; K < 6; ++K)
    std::printf("%s %.6g\n", Names[K], Checks[K]);
  return 0;
}
