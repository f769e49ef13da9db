//===- RegistryTest.cpp - Tests for the source checks' registry -----------===//

#include "sourcechecks/SourceCheckRegistry.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace headroom::sourcechecks;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

std::vector<std::string> namesOf(const std::vector<const SourceCheck *> &Cs) {
  std::vector<std::string> Names;
  for (const SourceCheck *C : Cs)
    Names.emplace_back(C->name());
  return Names;
}

std::vector<std::string> selected(std::string_view Spec) {
  llvm::Expected<std::vector<const SourceCheck *>> S = selectSourceChecks(Spec);
  if (!S) {
    ADD_FAILURE() << llvm::toString(S.takeError());
    return {};
  }
  return namesOf(*S);
}

TEST(RegistryTest, TheCatalogListsEveryCheckOnceInDocumentedOrder) {
  EXPECT_THAT(
      namesOf(sourceCheckCatalog()),
      ElementsAre("headroom-fp64-promotion", "headroom-uncoalesced-access",
                  "headroom-shared-bank-conflict", "headroom-narrow-loads",
                  "headroom-divergent-loop", "headroom-constant-transcendental",
                  "headroom-launch-config"));
  for (const SourceCheck *C : sourceCheckCatalog()) {
    EXPECT_EQ(findSourceCheck(C->name()), C);
    EXPECT_FALSE(C->info().Summary.empty()) << C->name();
  }
  EXPECT_EQ(findSourceCheck("headroom-no-such-check"), nullptr);
  EXPECT_EQ(&checkFp64Promotion(), findSourceCheck(names::Fp64Promotion));
}

TEST(RegistryTest, TheSourceChecksAreTheRegistrysSourceChecks) {
  std::vector<std::string> Registered;
  for (const headroom::CheckEntry &C : headroom::AllChecks)
    if (C.Kind == "SourceCheck")
      Registered.emplace_back(C.Name);
  EXPECT_EQ(namesOf(sourceCheckCatalog()), Registered);
}

TEST(RegistryTest, ASelectionStartingWithANameRunsOnlyThoseNamed) {
  EXPECT_THAT(selected("headroom-launch-config,headroom-fp64-promotion"),
              ElementsAre("headroom-fp64-promotion", "headroom-launch-config"));
  EXPECT_THAT(selected("headroom-*-access"),
              ElementsAre("headroom-uncoalesced-access"));
  EXPECT_EQ(selected("*").size(), sourceCheckCatalog().size());
}

TEST(RegistryTest, ASelectionStartingWithAnExclusionStartsFromAll) {
  std::vector<std::string> Rest = selected("-headroom-launch-config");
  EXPECT_EQ(Rest.size(), sourceCheckCatalog().size() - 1);
  EXPECT_THAT(Rest,
              ::testing::Not(::testing::Contains("headroom-launch-config")));
  EXPECT_THAT(selected("-*,headroom-narrow-loads"),
              ElementsAre("headroom-narrow-loads"));
  EXPECT_THAT(selected("-headroom-*,headroom-divergent-loop"),
              ElementsAre("headroom-divergent-loop"));
}

TEST(RegistryTest, AnEntryThatMatchesNoCheckIsAnError) {
  llvm::Expected<std::vector<const SourceCheck *>> S =
      selectSourceChecks("headroom-fp64-promotion,headroom-fp46-promotion");
  ASSERT_FALSE(S);
  std::string Message = llvm::toString(S.takeError());
  EXPECT_THAT(Message, HasSubstr("headroom-fp46-promotion"));
  // It names the checks there are.
  EXPECT_THAT(Message, HasSubstr("headroom-fp64-promotion"));
}

} // namespace
