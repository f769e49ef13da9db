//===- SiteRegistryTest.cpp -----------------------------------------------===//

#include "SiteRegistry.h"

#include <gtest/gtest.h>

#include <string>

using namespace headroom::rt;

namespace {

TEST(SiteRegistry, NumbersTablesInRegistrationOrder) {
  static const headroom_site_info A[] = {{"a.cu", 10, 3, "ka", "a.cu", 1, 17},
                                         {"a.cu", 20, 5, "kb", "a.cu", 2, 17}};
  static const headroom_site_info B[] = {{"b.cu", 7, 1, "kc", "c.cuh", 9, 4}};
  SiteRegistry R;
  R.registerTable(A, 2);
  R.registerTable(B, 1);
  ASSERT_EQ(R.size(), 3u);
  EXPECT_EQ(R.idOf(&A[0]), 0u);
  EXPECT_EQ(R.idOf(&A[1]), 1u);
  EXPECT_EQ(R.idOf(&B[0]), 2u);
  const SiteEntry &C = R.entries()[2];
  EXPECT_EQ(C.Id, 2u);
  EXPECT_EQ(C.LaunchFile, "b.cu");
  EXPECT_EQ(C.LaunchLine, 7u);
  EXPECT_EQ(C.LaunchColumn, 1u);
  EXPECT_EQ(C.Kernel, "kc");
  EXPECT_EQ(C.KernelFile, "c.cuh");
  EXPECT_EQ(C.KernelLine, 9u);
  EXPECT_EQ(C.KernelColumn, 4u);
}

TEST(SiteRegistry, RegisteringATableTwiceKeepsItsIds) {
  static const headroom_site_info A[] = {{"a.cu", 1, 1, "k", "a.cu", 1, 1},
                                         {"a.cu", 2, 1, "k", "a.cu", 1, 1}};
  SiteRegistry R;
  R.registerTable(A, 2);
  R.registerTable(A, 2);
  EXPECT_EQ(R.size(), 2u);
  EXPECT_EQ(R.idOf(&A[1]), 1u);
}

TEST(SiteRegistry, CopiesStringsOutOfTheTable) {
  std::string File = "mutable.cu";
  headroom_site_info Site{File.c_str(), 3, 4, "k", nullptr, 0, 0};
  SiteRegistry R;
  R.registerTable(&Site, 1);
  File[0] = 'X';
  EXPECT_EQ(R.entries()[0].LaunchFile, "mutable.cu");
  EXPECT_EQ(R.entries()[0].KernelFile, "");
}

TEST(SiteRegistry, AddsAnUnregisteredSiteOnFirstUse) {
  static const headroom_site_info A[] = {{"a.cu", 1, 1, "k", "a.cu", 1, 1}};
  static const headroom_site_info Late = {"late.cu", 5, 6, "kl",
                                          "late.cu", 1, 1};
  SiteRegistry R;
  R.registerTable(A, 1);
  EXPECT_EQ(R.idOf(&Late), 1u);
  EXPECT_EQ(R.idOf(&Late), 1u);
  EXPECT_EQ(R.entries()[1].LaunchFile, "late.cu");
}

TEST(SiteRegistry, NullIsNoSiteAndNullTablesAreIgnored) {
  SiteRegistry R;
  R.registerTable(nullptr, 5);
  EXPECT_EQ(R.size(), 0u);
  EXPECT_EQ(R.idOf(nullptr), NoSite);
}

} // namespace
