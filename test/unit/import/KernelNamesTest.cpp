//===- KernelNamesTest.cpp - Kernel names as Nsight Compute prints them ---===//

#include "import/KernelNames.h"

#include <gtest/gtest.h>

using namespace headroom::ncu;

namespace {

TEST(KernelNames, TheNameALaunchWrites) {
  EXPECT_EQ(launchedName("sgemm(int, const float *, const float *, float *)"),
            "sgemm");
  EXPECT_EQ(launchedName("void ns::scale<float, 4>(float *, int)"),
            "ns::scale<float, 4>");
  EXPECT_EQ(launchedName("(anonymous namespace)::k(int)"),
            "(anonymous namespace)::k");
  EXPECT_EQ(launchedName("kernel"), "kernel");
}

TEST(KernelNames, TheIdentifierOfTheDefinition) {
  EXPECT_EQ(kernelIdentifierOf("saxpy(int, float, const float *, float *)"),
            "saxpy");
  EXPECT_EQ(kernelIdentifierOf("void ns::scale<float, 4>(float *, int)"),
            "scale");
  EXPECT_EQ(kernelIdentifierOf("(anonymous namespace)::k(int)"), "k");
  EXPECT_EQ(kernelIdentifierOf("void f<(int)3>(int)"), "f");
}

TEST(KernelNames, ParametersAsTheDemanglerSpellsThem) {
  EXPECT_EQ(demanglerSpelling("saxpy(int, float, const float *, float *)"),
            "saxpy(int, float, float const*, float*)");
  EXPECT_EQ(demanglerSpelling("void scale<float>(const float *const, "
                              "volatile int &, unsigned long long)"),
            "void scale<float>(float const* const, int volatile&, unsigned "
            "long long)");
  EXPECT_EQ(demanglerSpelling("k(std::pair<int, const float *>, char **)"),
            "k(std::pair<int, const float *>, char**)");
  EXPECT_EQ(demanglerSpelling("noargs()"), "noargs()");
  // Not a signature: as given.
  EXPECT_EQ(demanglerSpelling("k(int"), "k(int");
  EXPECT_EQ(demanglerSpelling("plain"), "plain");
}

} // namespace
