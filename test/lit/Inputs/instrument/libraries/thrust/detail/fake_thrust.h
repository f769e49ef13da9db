// A stand-in for thrust, shaped as CCCL 3's: everything in an inline ABI
// namespace inside `thrust`, algorithms with an overload that takes an
// execution policy first (and one that does not), utilities without one,
// thrust::device_vector deriving from thrust::detail::vector_base, and
// thrust::universal_vector an alias template of vector_base with a CUDA
// allocator. The algorithms "launch" (fake_library.h).
#pragma once
#pragma clang system_header
#include "cuda_runtime.h"
#include "fake_library.h"

#include <cstddef>
#include <initializer_list>
#include <utility>
#include <vector>

#define THRUST_NAMESPACE_BEGIN                                                 \
  namespace thrust {                                                           \
  inline namespace THRUST_300001_SM_900_NS {
#define THRUST_NAMESPACE_END                                                   \
  }                                                                            \
  }

THRUST_NAMESPACE_BEGIN

namespace detail {
template <typename Derived> struct execution_policy_base {};
} // namespace detail

struct device_t : detail::execution_policy_base<device_t> {};
struct host_t : detail::execution_policy_base<host_t> {};
inline constexpr device_t device{};
inline constexpr host_t host{};

namespace cuda_cub {
struct par_t : thrust::detail::execution_policy_base<par_t> {
  par_t on(cudaStream_t) const { return *this; }
};
inline constexpr par_t par{};
} // namespace cuda_cub
namespace cuda = cuda_cub;

template <typename T> struct device_allocator {};

namespace system {
namespace cuda {
template <typename T> struct universal_allocator {};
} // namespace cuda
namespace cpp {
template <typename T> struct allocator {};
} // namespace cpp
} // namespace system

namespace detail {
template <typename T, typename Alloc> class vector_base {
public:
  using iterator = T *;
  using const_iterator = const T *;
  using size_type = std::size_t;

  vector_base() = default;
  explicit vector_base(const Alloc &) {}
  explicit vector_base(size_type n) : Data(n) { fake_library_launch("fill"); }
  vector_base(size_type n, const T &value) : Data(n, value) {
    fake_library_launch("fill");
  }
  template <typename It, typename = decltype(*std::declval<It>())>
  vector_base(It first, It last) : Data(first, last) {
    fake_library_launch("copy");
  }
  vector_base(std::initializer_list<T> values) : Data(values) {
    fake_library_launch("copy");
  }
  vector_base(const vector_base &other) : Data(other.Data) {
    fake_library_launch("copy");
  }
  vector_base(vector_base &&other) noexcept : Data(std::move(other.Data)) {}
  vector_base &operator=(const vector_base &other) {
    fake_library_launch("copy");
    Data = other.Data;
    return *this;
  }
  vector_base &operator=(vector_base &&other) noexcept {
    Data = std::move(other.Data);
    return *this;
  }

  T *begin() { return Data.data(); }
  T *end() { return Data.data() + Data.size(); }
  const T *begin() const { return Data.data(); }
  const T *end() const { return Data.data() + Data.size(); }
  T *data() { return Data.data(); }
  size_type size() const { return Data.size(); }
  bool empty() const { return Data.empty(); }
  T &operator[](size_type i) { return Data[i]; }
  T &front() { return Data.front(); }

  void resize(size_type n) {
    fake_library_launch("fill");
    Data.resize(n);
  }
  void resize(size_type n, const T &value) {
    fake_library_launch("fill");
    Data.resize(n, value);
  }
  void reserve(size_type n) {
    fake_library_launch("copy");
    Data.reserve(n);
  }
  void shrink_to_fit() {
    fake_library_launch("copy");
    Data.shrink_to_fit();
  }
  void assign(size_type n, const T &value) {
    fake_library_launch("fill");
    Data.assign(n, value);
  }
  T *insert(T *pos, const T &value) {
    fake_library_launch("copy");
    return &*Data.insert(Data.begin() + (pos - Data.data()), value);
  }
  void push_back(const T &value) {
    fake_library_launch("copy");
    Data.push_back(value);
  }
  T *erase(T *first, T *last) {
    fake_library_launch("copy");
    auto At = Data.erase(Data.begin() + (first - Data.data()),
                         Data.begin() + (last - Data.data()));
    return Data.data() + (At - Data.begin());
  }
  void clear() { Data.clear(); }
  void pop_back() { Data.pop_back(); }
  void swap(vector_base &other) { Data.swap(other.Data); }

private:
  std::vector<T> Data;
};
} // namespace detail

template <typename T, typename Alloc = device_allocator<T>> class host_vector;

template <typename T, typename Alloc = device_allocator<T>>
class device_vector : public detail::vector_base<T, Alloc> {
  using Base = detail::vector_base<T, Alloc>;

public:
  using size_type = typename Base::size_type;
  device_vector() = default;
  explicit device_vector(const Alloc &alloc) : Base(alloc) {}
  explicit device_vector(size_type n) : Base(n) {}
  device_vector(size_type n, const T &value) : Base(n, value) {}
  template <typename It, typename = decltype(*std::declval<It>())>
  device_vector(It first, It last) : Base(first, last) {}
  device_vector(std::initializer_list<T> values) : Base(values) {}
  device_vector(const device_vector &other) : Base(other) {}
  device_vector(device_vector &&other) noexcept : Base(std::move(other)) {}
  device_vector &operator=(const device_vector &other) {
    Base::operator=(other);
    return *this;
  }
  device_vector &operator=(device_vector &&other) noexcept {
    Base::operator=(std::move(other));
    return *this;
  }
};

template <typename T, typename Alloc>
class host_vector : public detail::vector_base<T, system::cpp::allocator<T>> {
  using Base = detail::vector_base<T, system::cpp::allocator<T>>;

public:
  using size_type = typename Base::size_type;
  host_vector() = default;
  explicit host_vector(size_type n) : Base(n) {}
};

namespace system {
namespace cuda {
template <typename T, typename Allocator = universal_allocator<T>>
using universal_vector = thrust::detail::vector_base<T, Allocator>;
} // namespace cuda
} // namespace system
template <typename T,
          typename Allocator = system::cuda::universal_allocator<T>>
using universal_vector = system::cuda::universal_vector<T, Allocator>;

// Algorithms: each with and without an execution policy.
template <typename Policy, typename It>
__host__ __device__ void sort(const detail::execution_policy_base<Policy> &,
                              It first, It last) {
  fake_library_launch("DeviceRadixSortOnesweepKernel");
  for (It I = first; I != last; ++I)
    for (It J = I; J != last; ++J)
      if (*J < *I)
        std::swap(*I, *J);
}
template <typename It> __host__ __device__ void sort(It first, It last) {
  sort(device, first, last);
}
template <typename Policy, typename It, typename T>
__host__ __device__ T reduce(const detail::execution_policy_base<Policy> &,
                             It first, It last, T init) {
  fake_library_launch("DeviceReduceKernel");
  for (; first != last; ++first)
    init = init + *first;
  return init;
}
template <typename It, typename T>
__host__ __device__ T reduce(It first, It last, T init) {
  return reduce(device, first, last, init);
}
template <typename It> __host__ __device__ int reduce(It first, It last) {
  return reduce(device, first, last, 0);
}
template <typename Policy, typename It, typename T>
__host__ __device__ void
sequence(const detail::execution_policy_base<Policy> &, It first, It last,
         T init) {
  fake_library_launch("sequence");
  for (; first != last; ++first, ++init)
    *first = init;
}
template <typename It, typename T>
__host__ __device__ void sequence(It first, It last, T init) {
  sequence(device, first, last, init);
}
template <typename Policy, typename In, typename Out>
__host__ __device__ Out copy(const detail::execution_policy_base<Policy> &,
                             In first, In last, Out out) {
  fake_library_launch("copy");
  for (; first != last; ++first, ++out)
    *out = *first;
  return out;
}
template <typename In, typename Out>
__host__ __device__ Out copy(In first, In last, Out out) {
  return copy(device, first, last, out);
}
template <typename Policy, typename In, typename Out, typename F>
__host__ __device__ Out transform(const detail::execution_policy_base<Policy> &,
                                  In first, In last, Out out, F f) {
  fake_library_launch("transform");
  for (; first != last; ++first, ++out)
    *out = f(*first);
  return out;
}
template <typename In, typename Out, typename F>
__host__ __device__ Out transform(In first, In last, Out out, F f) {
  return transform(device, first, last, out, f);
}

// Utilities: no execution policy, no launch.
template <typename T> __host__ __device__ T *raw_pointer_cast(T *p) {
  return p;
}
template <typename It>
__host__ __device__ std::ptrdiff_t distance(It first, It last) {
  return last - first;
}
template <typename A, typename B>
__host__ __device__ std::pair<A, B> make_pair(A a, B b) {
  return {a, b};
}
template <typename A, typename B> struct zip_iterator {
  A a;
  B b;
};
template <typename A, typename B>
__host__ __device__ zip_iterator<A, B> make_zip_iterator(A a, B b) {
  return {a, b};
}
// Memory functions: an execution policy, but they only allocate.
template <typename Policy>
__host__ __device__ void *malloc(const detail::execution_policy_base<Policy> &,
                                 std::size_t) {
  return nullptr;
}

THRUST_NAMESPACE_END
