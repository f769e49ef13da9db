// A project header that calls a library: its call is listed, not
// bracketed, unless the header filter selects the header.
#pragma once
#include <thrust/sort.h>

template <typename V> void sortInHeader(V &Vector) {
  thrust::sort(Vector.begin(), Vector.end());
}
