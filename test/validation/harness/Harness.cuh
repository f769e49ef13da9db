//===- Harness.cuh - The corpus' case registry and runner ------*- CUDA -*-===//
///
/// \file
/// Every kernel of the validation corpus runs as a *case*: one problem size
/// of one kernel (or of one short sequence of kernels), registered by name,
/// that sets up its inputs from a fixed seed, runs its launch sequence once,
/// checks the result against a host reference, and then repeats the sequence
/// `--reps` times for timing. The same binary serves three runs on the GPU
/// machine (test/validation/run-gpu.sh): under the Headroom runtime (its
/// instrumented build, one case per process), under Nsight Compute (the
/// plain build, `--reps 0`, all cases of the binary in one process), and
/// plain (`--list`, timing cross-check).
///
/// Kernel launches go through Run::launch so that the harness knows the
/// sequence of kernels of each case's checked run: the manifest lists it, and
/// Nsight Compute's rows (one per launch, in launch order) are matched to
/// cases by it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VALIDATION_HARNESS_CUH
#define HEADROOM_VALIDATION_HARNESS_CUH

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#define VCHECK(call)                                                           \
  do {                                                                         \
    cudaError_t Err_ = (call);                                                 \
    if (Err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__,      \
                   cudaGetErrorString(Err_));                                  \
      std::exit(3);                                                            \
    }                                                                          \
  } while (0)

namespace validation {

/// What the author of a case expects to limit it on a Hopper GPU. Recorded in
/// the manifest for reading only: the evaluation compares the model with
/// Nsight Compute's measured verdict, never with this.
enum class Expect { Compute, Memory, Latency, Mixed };

class Run;

/// One registered case.
struct Case {
  std::string Name;        ///< family.kernel.variant.size, e.g. stream.triad.f32.n64M
  std::string Family;      ///< the source file's family, e.g. stream
  std::string Description; ///< one line: what the kernel does and why it is here
  Expect Expected = Expect::Mixed;
  std::function<void(Run &)> Body;
};

/// The registry of every case linked into the binary.
std::vector<Case> &registry();

/// Registers a case at static-initialization time.
struct Register {
  Register(std::string Name, std::string Family, std::string Description,
           Expect Expected, std::function<void(Run &)> Body);
};

/// The running case: launches, check, timing.
class Run {
public:
  /// \p ProfileLimit > 0: the checked run brackets its first ProfileLimit
  /// launches with cudaProfilerStart/Stop, so that a profiler started with
  /// its collection off (`ncu --profile-from-start off`) sees only those.
  Run(const Case &C, int Reps, std::size_t ProfileLimit)
      : C(C), Reps(Reps), ProfileLimit(ProfileLimit) {}

  /// Launches one kernel: \p Kernel is its name as the source spells it
  /// (the manifest lists it; Nsight Compute's row must contain it), \p Do
  /// performs the `<<<...>>>` launch. Checks the launch error.
  template <class F> void launch(const char *Kernel, F &&Do) {
    if (Recording) {
      Kernels.emplace_back(Kernel);
      if (ProfileLimit > 0 && Kernels.size() == 1)
        profilerStart();
    }
    Do();
    if (Recording && ProfileLimit > 0 && Kernels.size() == ProfileLimit)
      profilerStop();
    cudaError_t Err = cudaGetLastError();
    if (Err != cudaSuccess) {
      std::fprintf(stderr, "case %s: launch of %s failed: %s\n",
                   C.Name.c_str(), Kernel, cudaGetErrorString(Err));
      std::exit(3);
    }
  }

  /// Runs the launch sequence \p Sequence once (the checked run) and
  /// synchronizes. Call exactly once, before check().
  void first(const std::function<void()> &Sequence);

  /// Records the result of the checked run: \p Error is the case's error
  /// measure (relative L2 error, max abs error or mismatch count, as the case
  /// documents) and the case passes iff it is finite and <= \p Tolerance.
  void check(double Error, double Tolerance);

  /// Runs \p Sequence reps() more times (fewer once two seconds are spent,
  /// but at least three), timing each with CUDA events; the median goes to
  /// the manifest. Call after check().
  void repeat(const std::function<void()> &Sequence);

  int reps() const { return Reps; }
  const Case &info() const { return C; }

  // Read by the runner.
  bool Checked = false, Passed = false;
  double Error = NAN, Tolerance = NAN;
  std::vector<std::string> Kernels;
  std::vector<float> TimesMs;
  /// Launches of the checked run inside the profiler bracket.
  std::size_t profiledLaunches() const {
    return ProfileLimit > 0 ? std::min(ProfileLimit, Kernels.size()) : 0;
  }

private:
  void profilerStart();
  void profilerStop();

  const Case &C;
  int Reps;
  std::size_t ProfileLimit;
  bool Recording = false, Profiling = false;
};

//===----------------------------------------------------------------------===//
// Helpers for cases
//===----------------------------------------------------------------------===//

/// A device allocation that frees itself.
template <class T> class DeviceBuffer {
public:
  explicit DeviceBuffer(std::size_t Count) : Count(Count) {
    VCHECK(cudaMalloc(&Ptr, bytes() ? bytes() : 1));
  }
  ~DeviceBuffer() { cudaFree(Ptr); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  T *get() const { return Ptr; }
  operator T *() const { return Ptr; }
  std::size_t size() const { return Count; }
  std::size_t bytes() const { return Count * sizeof(T); }

  void upload(const std::vector<T> &Host) {
    VCHECK(cudaMemcpy(Ptr, Host.data(), bytes(), cudaMemcpyHostToDevice));
  }
  std::vector<T> download() const {
    std::vector<T> Host(Count);
    VCHECK(cudaMemcpy(Host.data(), Ptr, bytes(), cudaMemcpyDeviceToHost));
    return Host;
  }
  /// Fills every byte with 0xFF (NaN for floating point, -1 for integers),
  /// so that an element the kernel fails to write fails the check.
  void poison() { VCHECK(cudaMemset(Ptr, 0xFF, bytes())); }
  void zero() { VCHECK(cudaMemset(Ptr, 0, bytes())); }

private:
  T *Ptr = nullptr;
  std::size_t Count;
};

/// A small deterministic generator (SplitMix64), so that every run and
/// every machine draws the same inputs.
class Random {
public:
  explicit Random(std::uint64_t Seed) : State(Seed) {}
  std::uint64_t next() {
    std::uint64_t Z = (State += 0x9E3779B97F4A7C15ull);
    Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
    Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
    return Z ^ (Z >> 31);
  }
  /// Uniform in [Lo, Hi).
  double uniform(double Lo = -1, double Hi = 1) {
    return Lo + (Hi - Lo) * (next() >> 11) * (1.0 / 9007199254740992.0);
  }
  /// Uniform integer in [0, N).
  std::uint64_t below(std::uint64_t N) { return next() % N; }

private:
  std::uint64_t State;
};

/// Calls \p Fill(Begin, End) on consecutive chunks of [0, N) from several
/// host threads: the inputs of the largest cases take seconds to make on
/// one core, and device time is short.
void parallelChunks(std::size_t N,
                    const std::function<void(std::size_t, std::size_t)> &Fill);

/// Elements per chunk of randomVector: each chunk draws from its own
/// generator, seeded from (Seed, chunk index), so the values do not depend
/// on the number of threads.
inline constexpr std::size_t RandomChunk = std::size_t(1) << 20;

/// N values uniform in [Lo, Hi) from \p Seed.
template <class T>
std::vector<T> randomVector(std::size_t N, std::uint64_t Seed, double Lo = -1,
                            double Hi = 1) {
  std::vector<T> V(N);
  parallelChunks((N + RandomChunk - 1) / RandomChunk,
                 [&](std::size_t First, std::size_t Last) {
                   for (std::size_t C = First; C < Last; ++C) {
                     Random R(Seed * 0x9E3779B97F4A7C15ull + C);
                     std::size_t End = std::min(N, (C + 1) * RandomChunk);
                     for (std::size_t I = C * RandomChunk; I < End; ++I)
                       V[I] = static_cast<T>(R.uniform(Lo, Hi));
                   }
                 });
  return V;
}

/// ||Got - Want||_2 / ||Want||_2, NaN if any element of Got is not finite
/// (an unwritten, poisoned element), and the plain norm of Got when Want is
/// zero.
template <class A, class B>
double relativeError(const std::vector<A> &Got, const std::vector<B> &Want) {
  if (Got.size() != Want.size())
    return NAN;
  double Num = 0, Den = 0;
  for (std::size_t I = 0; I < Got.size(); ++I) {
    double G = static_cast<double>(Got[I]), W = static_cast<double>(Want[I]);
    if (!std::isfinite(G))
      return NAN;
    Num += (G - W) * (G - W);
    Den += W * W;
  }
  return Den > 0 ? std::sqrt(Num / Den) : std::sqrt(Num);
}

/// The number of positions where Got and Want differ (for integer results).
template <class A, class B>
double mismatches(const std::vector<A> &Got, const std::vector<B> &Want) {
  if (Got.size() != Want.size())
    return NAN;
  std::size_t Bad = 0;
  for (std::size_t I = 0; I < Got.size(); ++I)
    Bad += !(Got[I] == Want[I]);
  return static_cast<double>(Bad);
}

/// Blocks of \p Block threads that cover \p N items.
inline unsigned blocksFor(std::size_t N, unsigned Block) {
  return static_cast<unsigned>((N + Block - 1) / Block);
}

/// "1M", "64M", "4096": the size suffix of case names.
std::string sizeName(std::size_t N);

} // namespace validation

/// Registers a case: VALIDATION_CASE(Ident, "family.kernel.size", "family",
/// "description", validation::Expect::Memory, [](validation::Run &R) {...});
#define VALIDATION_CASE_CONCAT2(A, B) A##B
#define VALIDATION_CASE_CONCAT(A, B) VALIDATION_CASE_CONCAT2(A, B)
#define VALIDATION_REGISTER(...)                                               \
  static validation::Register VALIDATION_CASE_CONCAT(ValidationCase_,          \
                                                     __COUNTER__)(__VA_ARGS__)

#endif // HEADROOM_VALIDATION_HARNESS_CUH
