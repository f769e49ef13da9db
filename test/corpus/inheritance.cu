// Launches in a class hierarchy: a virtual member overridden in derived
// classes, a CRTP base template that launches its derived class's kernel,
// and a destructor.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

#include <memory>
#include <vector>

__global__ void addK(int *X, int V) { X[threadIdx.x] += V; }
__global__ void mulK(int *X, int V) { X[threadIdx.x] *= V; }

struct Op {
  virtual ~Op() = default;
  virtual void apply(int *X) = 0;
};
struct Add : Op {
  void apply(int *X) override {
    // SITES: inheritance.cu:[[@LINE+1]]:{{[0-9]+}}: addK -> {{.*}}, instrumented
    addK<<<1, 32>>>(X, 3);
  }
};
struct Mul : Op {
  void apply(int *X) override {
    // SITES-NEXT: inheritance.cu:[[@LINE+1]]:{{[0-9]+}}: mulK -> {{.*}}, instrumented
    mulK<<<1, 32>>>(X, 2);
  }
};

template <typename Derived> struct Stage {
  void run(int *X) {
    // SITES-NEXT: inheritance.cu:[[@LINE+1]]:{{[0-9]+}}: Derived::kernel -> <unknown>, instrumented
    Derived::kernel<<<1, 32>>>(X, static_cast<Derived *>(this)->value());
  }
};
struct AddStage : Stage<AddStage> {
  static constexpr auto kernel = addK;
  int value() const { return 5; }
};

struct Guard {
  int *X;
  ~Guard() {
    // SITES-NEXT: inheritance.cu:[[@LINE+1]]:{{[0-9]+}}: addK -> {{.*}}, instrumented
    addK<<<1, 32>>>(X, 1000);
    cudaDeviceSynchronize();
  }
};

int main() {
  int *X = deviceArray<int>(32);
  {
    Guard G{X};
    std::vector<std::unique_ptr<Op>> Ops;
    Ops.push_back(std::make_unique<Add>());
    Ops.push_back(std::make_unique<Mul>());
    for (auto &O : Ops)
      O->apply(X);
    AddStage().run(X);
  }
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("inheritance %.0f\n", checksum(X, 32));
  return 0;
}
// SITES-NOT: {{.}}
