//===- ScopeRegistryTest.cpp ----------------------------------------------===//

#include "ScopeRegistry.h"

#include <gtest/gtest.h>

#include <string>

using namespace headroom::rt;

namespace {

TEST(ScopeRegistry, CopiesScopesInTheOrderFirstSeen) {
  std::string Name = "cublasSgemm";
  headroom_scope_info Scopes[] = {{"app.cu", 90, 5, "thrust::sort"},
                                  {nullptr, 95, 7, Name.c_str()}};
  ScopeRegistry R;
  EXPECT_EQ(R.idOf(&Scopes[1]), 0u);
  R.registerTable(Scopes, 2);
  Name[0] = 'X';
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R.idOf(&Scopes[0]), 1u);
  const ScopeEntry &First = R.entries()[0];
  EXPECT_EQ(First.Id, 0u);
  EXPECT_EQ(First.File, "");
  EXPECT_EQ(First.Line, 95u);
  EXPECT_EQ(First.Column, 7u);
  EXPECT_EQ(First.Name, "cublasSgemm");
  EXPECT_EQ(R.entries()[1].File, "app.cu");
  EXPECT_EQ(R.idOf(nullptr), NoScope);
  EXPECT_EQ(First.Directory, "");
}

TEST(ScopeRegistry, KeepsTheDirectoryOfItsTable) {
  headroom_scope_info Scopes[] = {{"app.cu", 90, 5, "thrust::sort"}};
  std::string Directory = "/home/me/proj";
  ScopeRegistry R;
  R.registerTable(Scopes, 1, Directory.c_str());
  Directory[0] = 'X';
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R.entries()[0].Directory, "/home/me/proj");
}

} // namespace
