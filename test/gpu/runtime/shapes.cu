// GPU test app and benchmark of bounded counter sampling (issue 12): the two
// shapes whose grid changes at every launch.
//   usage: shapes [N [LU_N]]
// 1. A wavefront over the anti-diagonals of an N x N dynamic-programming
//    matrix (a sequence alignment's recurrence), one launch per diagonal
//    with 16 threads per block: 2N - 1 launches, N / 16 grid sizes
//    (default N = 8192: 16,383 launches, 512 grid sizes).
// 2. An LU decomposition without pivoting of a diagonally dominant LU_N x
//    LU_N matrix whose trailing matrix shrinks at every step: per step a
//    column scaling and a 2D trailing update (default LU_N = 4096: 8,190
//    launches, about 1,000 grid shapes).
// stdout gets digests of both results; the phases' wall times go to
// $APP_TIMING_FILE.
#include "hooks.h"

#include <chrono>
#include <vector>

namespace {
const struct headroom_site_info __headroom_sites_shapes[3] = {
    {"test/gpu/runtime/shapes.cu", 99u, 6u, "diagonal", "test/gpu/runtime/shapes.cu", 40u, 17u},
    {"test/gpu/runtime/shapes.cu", 120u, 6u, "scaleColumn", "test/gpu/runtime/shapes.cu", 58u, 17u},
    {"test/gpu/runtime/shapes.cu", 125u, 6u, "trailingUpdate", "test/gpu/runtime/shapes.cu", 66u, 17u},
};
struct __headroom_registrar_shapes {
  __headroom_registrar_shapes() {
    headroom_register_sites(__headroom_sites_shapes, 3u,
                            HEADROOM_RUNTIME_ABI_VERSION);
  }
} __headroom_registrar_shapes_instance;

double secondsSince(std::chrono::steady_clock::time_point T0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
      .count();
}
} // namespace

/// Cells (i, j) with i + j = d of an (n + 1) x (n + 1) score matrix whose
/// first row and column are set: the alignment score recurrence.
__global__ void diagonal(int *score, const char *a, const char *b, int n,
                         int d, int first) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int i = first + t;
  int j = d - i;
  if (i > n || j < 1)
    return;
  int w = n + 1;
  int match = a[i - 1] == b[j - 1] ? 2 : -1;
  int best = score[(i - 1) * w + (j - 1)] + match;
  int up = score[(i - 1) * w + j] - 1;
  int left = score[i * w + (j - 1)] - 1;
  best = up > best ? up : best;
  best = left > best ? left : best;
  score[i * w + j] = best;
}

/// Column k below the diagonal divided by the pivot.
__global__ void scaleColumn(float *m, int n, int k) {
  int i = k + 1 + blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    m[i * n + k] /= m[k * n + k];
}

/// The trailing matrix m[k+1.., k+1..] less the outer product of column k
/// and row k.
__global__ void trailingUpdate(float *m, int n, int k) {
  int j = k + 1 + blockIdx.x * blockDim.x + threadIdx.x;
  int i = k + 1 + blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < n)
    m[i * n + j] -= m[i * n + k] * m[k * n + j];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 8192;
  int lu = argc > 2 ? std::atoi(argv[2]) : 4096;

  // Wavefront.
  std::vector<char> a(n), b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = "ACGT"[(i * 7 + i / 3) % 4];
    b[i] = "ACGT"[(i * 5 + i / 7) % 4];
  }
  std::vector<int> h((n + 1) * (n + 1), 0);
  for (int i = 0; i <= n; ++i)
    h[i] = h[i * (n + 1)] = -i;
  int *score;
  char *da, *db;
  CHECK(cudaMalloc(&score, h.size() * sizeof(int)));
  CHECK(cudaMalloc(&da, n));
  CHECK(cudaMalloc(&db, n));
  CHECK(cudaMemcpy(score, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(da, a.data(), n, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), n, cudaMemcpyHostToDevice));
  auto t0 = std::chrono::steady_clock::now();
  for (int d = 2; d <= 2 * n; ++d) {
    int first = d - n > 1 ? d - n : 1, last = d - 1 < n ? d - 1 : n;
    int cells = last - first + 1;
    (headroom_launch_begin(&__headroom_sites_shapes[0]),
     diagonal<<<(cells + 15) / 16, 16>>>(score, da, db, n, d, first),
     headroom_launch_end(&__headroom_sites_shapes[0]));
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double wavefrontS = secondsSince(t0);
  CHECK(cudaMemcpy(h.data(), score, h.size() * sizeof(int), cudaMemcpyDeviceToHost));

  // LU decomposition.
  std::vector<float> m(std::size_t(lu) * lu);
  for (int i = 0; i < lu; ++i)
    for (int j = 0; j < lu; ++j)
      m[std::size_t(i) * lu + j] =
          i == j ? float(lu) : float((i * 37 + j * 11) % 17) / 17.0f;
  float *dm;
  CHECK(cudaMalloc(&dm, m.size() * sizeof(float)));
  CHECK(cudaMemcpy(dm, m.data(), m.size() * sizeof(float), cudaMemcpyHostToDevice));
  t0 = std::chrono::steady_clock::now();
  for (int k = 0; k + 1 < lu; ++k) {
    int rest = lu - k - 1;
    (headroom_launch_begin(&__headroom_sites_shapes[1]),
     scaleColumn<<<(rest + 255) / 256, 256>>>(dm, lu, k),
     headroom_launch_end(&__headroom_sites_shapes[1]));
    dim3 block(32, 8);
    dim3 grid((rest + 31) / 32, (rest + 7) / 8);
    (headroom_launch_begin(&__headroom_sites_shapes[2]),
     trailingUpdate<<<grid, block>>>(dm, lu, k),
     headroom_launch_end(&__headroom_sites_shapes[2]));
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double luS = secondsSince(t0);
  CHECK(cudaMemcpy(m.data(), dm, m.size() * sizeof(float), cudaMemcpyDeviceToHost));

  TIMING("wavefront_s=%.6f lu_s=%.6f launches=%d\n", wavefrontS, luS,
         2 * n - 1 + 2 * (lu - 1));
  std::printf("wavefront=%016llx lu=%016llx score=%d\n",
              (unsigned long long)digest(h.data(), h.size() * sizeof(int)),
              (unsigned long long)digest(m.data(), m.size() * sizeof(float)),
              h.back());
  return 0;
}
