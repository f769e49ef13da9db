//===- Main.cu - Runs the validation cases linked into this binary --------===//
//
// usage: <binary> [--list] [--case NAME[,NAME...]] [--reps N] [--manifest FILE]
//
//   --list           print the cases (name, expected limit, description)
//   --case NAMES     run these cases (exact names, or a prefix ending in '.'
//                    or '*'); default: every case
//   --reps N         timed repetitions after the checked run (default 20)
//   --manifest FILE  append one JSON line per case run to FILE
//   --profile-launches K
//                    bracket the first K launches of each case's checked run
//                    with cudaProfilerStart/Stop (for ncu --profile-from-start
//                    off); the manifest says how many were bracketed
//
// Exit status: 0 every case passed its check, 1 some case failed, 2 usage.
//
//===----------------------------------------------------------------------===//

#include "Harness.cuh"

#include <cuda_profiler_api.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>

namespace validation {

std::vector<Case> &registry() {
  static std::vector<Case> Cases;
  return Cases;
}

Register::Register(std::string Name, std::string Family,
                   std::string Description, Expect Expected,
                   std::function<void(Run &)> Body) {
  registry().push_back({std::move(Name), std::move(Family),
                        std::move(Description), Expected, std::move(Body)});
}

void parallelChunks(
    std::size_t N, const std::function<void(std::size_t, std::size_t)> &Fill) {
  std::size_t Threads =
      std::min<std::size_t>(N, std::max(1u, std::thread::hardware_concurrency()));
  if (Threads <= 1) {
    Fill(0, N);
    return;
  }
  std::vector<std::thread> Pool;
  for (std::size_t T = 0; T < Threads; ++T)
    Pool.emplace_back(Fill, N * T / Threads, N * (T + 1) / Threads);
  for (std::thread &Th : Pool)
    Th.join();
}

std::string sizeName(std::size_t N) {
  if (N >= (1u << 20) && N % (1u << 20) == 0)
    return std::to_string(N >> 20) + "M";
  if (N >= (1u << 10) && N % (1u << 10) == 0)
    return std::to_string(N >> 10) + "K";
  return std::to_string(N);
}

void Run::first(const std::function<void()> &Sequence) {
  Recording = true;
  Sequence();
  Recording = false;
  profilerStop();
  VCHECK(cudaDeviceSynchronize());
}

void Run::profilerStart() {
  VCHECK(cudaProfilerStart());
  Profiling = true;
}

void Run::profilerStop() {
  if (!Profiling)
    return;
  VCHECK(cudaProfilerStop());
  Profiling = false;
}

void Run::check(double E, double Tol) {
  Checked = true;
  Error = E;
  Tolerance = Tol;
  Passed = std::isfinite(E) && E <= Tol;
}

void Run::repeat(const std::function<void()> &Sequence) {
  cudaEvent_t Start, Stop;
  VCHECK(cudaEventCreate(&Start));
  VCHECK(cudaEventCreate(&Stop));
  auto Began = std::chrono::steady_clock::now();
  for (int I = 0; I < Reps; ++I) {
    VCHECK(cudaEventRecord(Start));
    Sequence();
    VCHECK(cudaEventRecord(Stop));
    VCHECK(cudaEventSynchronize(Stop));
    float Ms = 0;
    VCHECK(cudaEventElapsedTime(&Ms, Start, Stop));
    TimesMs.push_back(Ms);
    double Spent = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - Began)
                       .count();
    if (I >= 2 && Spent > 2.0)
      break;
  }
  cudaEventDestroy(Start);
  cudaEventDestroy(Stop);
}

namespace {

const char *expectName(Expect E) {
  switch (E) {
  case Expect::Compute:
    return "compute";
  case Expect::Memory:
    return "memory";
  case Expect::Latency:
    return "latency";
  case Expect::Mixed:
    return "mixed";
  }
  return "mixed";
}

std::string jsonString(const std::string &S) {
  std::string Out = "\"";
  for (char Ch : S) {
    if (Ch == '"' || Ch == '\\')
      Out += '\\';
    if (static_cast<unsigned char>(Ch) < 0x20)
      continue;
    Out += Ch;
  }
  return Out + "\"";
}

std::string jsonNumber(double X) {
  if (!std::isfinite(X))
    return "null";
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.9g", X);
  return Buf;
}

bool selected(const std::string &Name, const std::vector<std::string> &Wanted) {
  if (Wanted.empty())
    return true;
  for (const std::string &W : Wanted) {
    if (W == Name)
      return true;
    bool Prefix = !W.empty() && (W.back() == '.' || W.back() == '*');
    std::string Stem = W.back() == '*' ? W.substr(0, W.size() - 1) : W;
    if (Prefix && Name.compare(0, Stem.size(), Stem) == 0)
      return true;
  }
  return false;
}

int usage(const char *Message) {
  std::fprintf(stderr,
               "error: %s\nusage: [--list] [--case NAME[,NAME...]] [--reps N] "
               "[--manifest FILE] [--profile-launches K]\n",
               Message);
  return 2;
}

} // namespace
} // namespace validation

int main(int Argc, char **Argv) {
  using namespace validation;
  bool List = false;
  int Reps = 20;
  std::vector<std::string> Wanted;
  const char *ManifestPath = nullptr;
  std::size_t ProfileLimit = 0;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    auto value = [&]() -> const char * {
      return I + 1 < Argc ? Argv[++I] : nullptr;
    };
    if (Arg == "--list") {
      List = true;
    } else if (Arg == "--case") {
      const char *V = value();
      if (!V)
        return usage("--case needs a value");
      std::string S = V;
      for (std::size_t Pos = 0; Pos <= S.size();) {
        std::size_t Comma = S.find(',', Pos);
        if (Comma == std::string::npos)
          Comma = S.size();
        if (Comma > Pos)
          Wanted.push_back(S.substr(Pos, Comma - Pos));
        Pos = Comma + 1;
      }
    } else if (Arg == "--reps") {
      const char *V = value();
      char *End = nullptr;
      long N = V ? std::strtol(V, &End, 10) : -1;
      if (!V || *End || N < 0 || N > 100000)
        return usage("--reps needs an integer from 0 to 100000");
      Reps = static_cast<int>(N);
    } else if (Arg == "--profile-launches") {
      const char *V = value();
      char *End = nullptr;
      long N = V ? std::strtol(V, &End, 10) : -1;
      if (!V || *End || N < 1)
        return usage("--profile-launches needs a positive integer");
      ProfileLimit = static_cast<std::size_t>(N);
    } else if (Arg == "--manifest") {
      ManifestPath = value();
      if (!ManifestPath)
        return usage("--manifest needs a file");
    } else {
      return usage(("unknown argument '" + Arg + "'").c_str());
    }
  }

  std::vector<Case> Cases = registry();
  std::sort(Cases.begin(), Cases.end(),
            [](const Case &A, const Case &B) { return A.Name < B.Name; });
  if (List) {
    for (const Case &C : Cases)
      std::printf("%s\t%s\t%s\n", C.Name.c_str(), expectName(C.Expected),
                  C.Description.c_str());
    return 0;
  }
  for (const std::string &W : Wanted)
    if (std::none_of(Cases.begin(), Cases.end(), [&](const Case &C) {
          return selected(C.Name, {W});
        }))
      return usage(("no case matches '" + W + "'").c_str());

  FILE *Manifest = nullptr;
  if (ManifestPath && !(Manifest = std::fopen(ManifestPath, "a"))) {
    std::fprintf(stderr, "error: cannot open manifest '%s'\n", ManifestPath);
    return 2;
  }
  int Failed = 0;
  for (const Case &C : Cases) {
    if (!selected(C.Name, Wanted))
      continue;
    Run R(C, Reps, ProfileLimit);
    C.Body(R);
    if (!R.Checked) {
      std::fprintf(stderr, "case %s: the case never called check()\n",
                   C.Name.c_str());
      R.check(NAN, 0);
    }
    std::vector<float> Sorted = R.TimesMs;
    std::sort(Sorted.begin(), Sorted.end());
    double Median = Sorted.empty() ? NAN : Sorted[Sorted.size() / 2];
    std::printf("%-44s %s  error %-10.3g (tolerance %.3g)  %zu launch%s per "
                "run  median %.4f ms over %zu runs\n",
                C.Name.c_str(), R.Passed ? "PASS" : "FAIL", R.Error,
                R.Tolerance, R.Kernels.size(),
                R.Kernels.size() == 1 ? "" : "es", Median, Sorted.size());
    std::fflush(stdout);
    Failed += !R.Passed;
    if (Manifest) {
      std::string Kernels = "[";
      for (std::size_t I = 0; I < R.Kernels.size(); ++I)
        Kernels += (I ? "," : "") + jsonString(R.Kernels[I]);
      Kernels += "]";
      std::fprintf(Manifest,
                   "{\"case\":%s,\"family\":%s,\"expected\":\"%s\","
                   "\"description\":%s,\"passed\":%s,\"error\":%s,"
                   "\"tolerance\":%s,\"kernels\":%s,\"profiled_launches\":%zu,"
                   "\"event_median_ms\":%s,\"runs\":%zu}\n",
                   jsonString(C.Name).c_str(), jsonString(C.Family).c_str(),
                   expectName(C.Expected), jsonString(C.Description).c_str(),
                   R.Passed ? "true" : "false", jsonNumber(R.Error).c_str(),
                   jsonNumber(R.Tolerance).c_str(), Kernels.c_str(),
                   R.profiledLaunches(), jsonNumber(Median).c_str(),
                   Sorted.size());
      std::fflush(Manifest);
    }
  }
  if (Manifest)
    std::fclose(Manifest);
  return Failed ? 1 : 0;
}
