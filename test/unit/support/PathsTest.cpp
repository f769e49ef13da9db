//===- PathsTest.cpp - Source paths as Headroom records them
//---------------===//

#include "support/Paths.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

TEST(NormalizedPath, DropsDotComponentsAndResolvesDotDotLexically) {
  EXPECT_EQ(normalizedPath("kernel/./kernel_gpu_cuda.cu"),
            "kernel/kernel_gpu_cuda.cu");
  EXPECT_EQ(normalizedPath("./a.cu"), "a.cu");
  EXPECT_EQ(normalizedPath("src/../include/k.cuh"), "include/k.cuh");
  EXPECT_EQ(normalizedPath("/p/build/../src//k.cu"), "/p/src/k.cu");
  EXPECT_EQ(normalizedPath("dir/"), "dir");
}

TEST(NormalizedPath, KeepsWhatCannotBeResolvedLexically) {
  EXPECT_EQ(normalizedPath("../src/k.cu"), "../src/k.cu");
  EXPECT_EQ(normalizedPath("./../src/./k.cu"), "../src/k.cu");
  EXPECT_EQ(normalizedPath("k.cu"), "k.cu");
  EXPECT_EQ(normalizedPath(""), "");
  EXPECT_EQ(normalizedPath("/"), "/");
}

TEST(PathUnder, RelativeToTheRootWhenInsideIt) {
  EXPECT_EQ(pathUnder("/p/src/k.cu", "/p"), "src/k.cu");
  EXPECT_EQ(pathUnder("/p/src/./k.cu", "/p/"), "src/k.cu");
  EXPECT_EQ(pathUnder("/p/src/k.cu", "/p/src/../"), "src/k.cu");
  EXPECT_EQ(pathUnder("/p/k.cu", "/"), "p/k.cu");
}

TEST(PathUnder, UnchangedOutsideTheRootOrWhenRelative) {
  EXPECT_EQ(pathUnder("/px/k.cu", "/p"), "/px/k.cu");
  EXPECT_EQ(pathUnder("/q/./k.cu", "/p"), "/q/k.cu");
  EXPECT_EQ(pathUnder("/p", "/p"), "/p");
  EXPECT_EQ(pathUnder("src/k.cu", "/p"), "src/k.cu");
}

} // namespace
