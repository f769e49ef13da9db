//===- SystemHeaderSetTest.cpp - Tests for a source's system headers ------===//
///
/// The set read from files in memory: which includes are system headers as
/// clang would find them, what leaves the set out, and which macros before
/// it may be active as their conditionals read.
///
//===----------------------------------------------------------------------===//

#include "ast/SystemHeaderSet.h"

#include "clang/Lex/HeaderSearchOptions.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <set>

using namespace headroom::ast;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

using clang::frontend::IncludeDirGroup;

class SystemHeaderSetTest : public ::testing::Test {
protected:
  SystemHeaderSetTest()
      : FS(llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>()) {
    FS->setCurrentWorkingDirectory("/work");
    Search.AddPath("inc", IncludeDirGroup::Angled, false, true);
    Search.AddPath("/sys", IncludeDirGroup::System, false, true);
    Search.AddPath("/cxx", IncludeDirGroup::CXXSystem, false, true);
    for (const char *H : {"/sys/stdio.h", "/sys/gl.h", "/sys/cuda_runtime.h",
                          "/cxx/vector", "/cxx/string", "/cxx/map"})
      add(H, "");
  }

  void add(const std::string &Path, const std::string &Text) {
    FS->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Text));
  }

  /// The set of a main file of \p Main (each a file of its own: files in
  /// memory are not written twice).
  SystemHeaderSet read(const std::string &Main) {
    std::string Path = "/work/app" + std::to_string(++Mains) + ".cu";
    add(Path, Main);
    return findSystemHeaders(Search, {Path}, *FS);
  }

  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> FS;
  clang::HeaderSearchOptions Search;
  unsigned Mains = 0;
};

TEST_F(SystemHeaderSetTest, SystemHeadersAsClangFindsThem) {
  add("/work/inc/util.h", "#include <vector>\n#include \"local.h\"\n");
  add("/work/inc/local.h", "#include <map>\n");
  // Found in the project first: read, not in the set.
  add("/work/inc/gl.h", "#include <string>\n");
  SystemHeaderSet Set = read("#include <stdio.h>\n"
                             "#include \"util.h\"\n"
                             "#include <gl.h>\n"
                             "#include \"cuda_runtime.h\"\n"
                             "#include <windows.h>\n"
                             "#include <vector>\n");
  EXPECT_EQ(Set.Blocked, "");
  EXPECT_THAT(Set.Headers, ElementsAre("stdio.h", "vector", "map", "string",
                                       "cuda_runtime.h"));
}

TEST_F(SystemHeaderSetTest, UserDirectoryThatIsASystemOneIsOne) {
  Search.AddPath("/sys", IncludeDirGroup::Angled, false, true);
  SystemHeaderSet Set = read("#include <gl.h>\n");
  EXPECT_THAT(Set.Headers, ElementsAre("gl.h"));
}

TEST_F(SystemHeaderSetTest, WhatLeavesTheSetOut) {
  EXPECT_THAT(read("#pragma pack(push, 1)\n#include <stdio.h>\n").Blocked,
              HasSubstr("a #pragma at /work/app1.cu:1 comes before <stdio.h>"));
  EXPECT_THAT(read("extern \"C\" {\n#include <stdio.h>\n}\n").Blocked,
              HasSubstr("<stdio.h> is included inside braces at "
                        "/work/app2.cu:2"));
  EXPECT_THAT(read("#define H <stdio.h>\n#include H\n").Blocked,
              HasSubstr("a computed #include at /work/app3.cu:2"));
  // Harmless pragmas, a pragma after the last header, braces in comments,
  // literals and macros, and balanced braces before.
  SystemHeaderSet Set = read("#pragma once\n"
                             "#pragma GCC diagnostic push\n"
                             "/* { */ const char *s = \"{\"; char c = '{';\n"
                             "#define OPEN {\n"
                             "namespace a { int b; }\n"
                             "#include <stdio.h>\n"
                             "#pragma pack(1)\n");
  EXPECT_EQ(Set.Blocked, "");
  EXPECT_THAT(Set.Headers, ElementsAre("stdio.h"));
  EXPECT_TRUE(read("int x;\n").Headers.empty());
  // A project file inside braces: only its system headers count.
  add("/work/inc/table.inc", "1, 2, 3\n");
  add("/work/inc/braced.h", "#include <gl.h>\n");
  EXPECT_EQ(read("int t[] = {\n#include \"table.inc\"\n};\n"
                 "#include <stdio.h>\n")
                .Blocked,
            "");
  EXPECT_THAT(read("namespace n {\n#include \"braced.h\"\n}\n").Blocked,
              HasSubstr("<gl.h> is included inside braces at "
                        "/work/inc/braced.h:1"));
}

/// The names of \p Set's macros before its headers.
std::vector<std::string> names(const SystemHeaderSet &Set) {
  std::vector<std::string> Names;
  for (const OwnMacro &M : Set.MacrosBefore)
    Names.push_back(M.Name);
  return Names;
}

TEST_F(SystemHeaderSetTest, MacrosBeforeTheLastHeader) {
  add("/work/inc/util.h", "#ifndef UTIL_H\n#define UTIL_H\n"
                          "#undef min\n#include <string>\n#endif\n");
  SystemHeaderSet Set = read("#define A 1\n"
                             "#include \"util.h\"\n"
                             "#define B 2\n"
                             "#include <vector>\n"
                             "#define C 3\n");
  EXPECT_THAT(names(Set), ElementsAre("A", "UTIL_H", "min", "B"));
  EXPECT_FALSE(Set.MacrosBefore[2].Defines);
  ASSERT_EQ(Set.MacrosBefore[2].Under.size(), 1u);
  EXPECT_THAT(Set.MacrosBefore[2].Under[0], ElementsAre("!defined(UTIL_H)"));
}

/// Whether a macro of a main file before its headers may change them.
class MacroChangingTest : public SystemHeaderSetTest {
protected:
  /// With the headers using \p Used and defining \p Defined.
  std::optional<std::string> changing(const std::string &Main,
                                      std::set<std::string> Used,
                                      std::set<std::string> Defined = {}) {
    SystemHeaderSet Set = read(Main + "#include <vector>\n");
    return macroChangingHeaders(
        Set, [&](llvm::StringRef N) { return Used.count(N.str()) != 0; },
        [&](llvm::StringRef N) { return Defined.count(N.str()) != 0; });
  }
};

TEST_F(MacroChangingTest, ActiveMacroThatHeadersUse) {
  EXPECT_EQ(changing("#define min(a, b) a\n", {"min"}), "min");
  EXPECT_EQ(changing("#define mine 1\n", {"min"}), std::nullopt);
  EXPECT_EQ(changing("#undef assert\n", {"assert"}), "assert");
}

TEST_F(MacroChangingTest, ConditionsKnownFalseOrTrue) {
  // Nothing defines _WIN32: its block is out, its #else in.
  EXPECT_EQ(changing("#if defined(WIN32) || defined(_WIN32)\n#undef min\n"
                     "#endif\n",
                     {"min"}),
            std::nullopt);
  EXPECT_EQ(changing("#ifdef _WIN32\n#else\n#undef min\n#endif\n", {"min"}),
            "min");
  EXPECT_EQ(changing("#if 0\n#undef min\n#elif 1\n#else\n#undef min\n#endif\n",
                     {"min"}),
            std::nullopt);
  // What the headers or the own files define may be defined there.
  EXPECT_EQ(changing("#ifdef __linux__\n#undef min\n#endif\n", {"min"},
                     {"__linux__"}),
            "min");
  EXPECT_EQ(
      changing("#define WIN 1\n#ifdef WIN\n#undef min\n#endif\n", {"min"}),
      "min");
  // Nested: an inner block of an outer one known out.
  EXPECT_EQ(changing("#ifdef _WIN32\n#if X > 2\n#undef min\n#endif\n#endif\n",
                     {"min"}),
            std::nullopt);
  // What the reader cannot tell counts.
  EXPECT_EQ(changing("#if CUDART_VERSION >= 11000\n#undef min\n#endif\n",
                     {"min"}, {"CUDART_VERSION"}),
            "min");
  EXPECT_EQ(changing("#if __has_include(<x.h>)\n#undef min\n#endif\n", {"min"}),
            "min");
}

} // namespace
