// A linear search per thread, the shape of a particle filter's index search:
// the source of the lines test/lit/report/stall-blame.test checks.
// Inputs/find.sass is its SASS, written by hand; no test compiles this file.
__global__ void find(const float *X, int N, const float *Keys, int *Out) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float Key = Keys[I];
  int Found = -1;
  for (int J = 0; J < N; ++J) {
    float V = X[J];
    if (V >= Key && Found < 0)
      Found = J;
  }
  Out[I] = Found;
}

void search(const float *X, int N, const float *Keys, int *Out, int Count) {
  find<<<(Count + 255) / 256, 256>>>(X, N, Keys, Out);
}
