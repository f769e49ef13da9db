//===- WrittenLaunchesTest.cpp - Tests for launches found in text ---------===//
///
/// The spaced chevrons nvcc accepts are written `<<<`/`>>>` in place, and
/// nothing else is touched: host shifts and comparisons, templates, strings,
/// comments and the spacings nvcc rejects stay as they are.
///
//===----------------------------------------------------------------------===//

#include "ast/WrittenLaunches.h"

#include "gtest/gtest.h"

using namespace headroom::ast;

namespace {

/// \p Text normalized, or \p Text itself when nothing changes.
std::string normalize(llvm::StringRef Text) {
  std::optional<std::string> Out = normalizeLaunchChevrons(Text);
  if (Out)
    EXPECT_EQ(Out->size(), Text.size()) << "the length must not change";
  return Out ? *Out : Text.str();
}

/// The offsets of the launch openings found in \p Text.
std::vector<unsigned> openings(llvm::StringRef Text) {
  std::vector<unsigned> Offsets;
  for (const ChevronLaunch &L : findChevronLaunches(Text))
    Offsets.push_back(L.Open);
  return Offsets;
}

TEST(WrittenLaunchesTest, SpacedChevronsNvccAcceptsAreJoinedInPlace) {
  EXPECT_EQ(normalize("k<< <1, 2>> >(x);"), "k<<< 1, 2>>> (x);");
  EXPECT_EQ(normalize("k << < g, b >> > (x);"), "k <<<  g, b >>>  (x);");
  EXPECT_EQ(normalize("k<<\t<1, 2>>>(x);"), "k<<< 1, 2>>>(x);");
  EXPECT_EQ(normalize("k<<<1, 2>> >(x);"), "k<<<1, 2>>> (x);");
  EXPECT_EQ(normalize("k<</*c*/<1, 2>>/**/>(x);"), "k<<<     1, 2>>>    (x);");
  EXPECT_EQ(normalize("(k)<< <1, 2>>>(x); a[0]<< <1, 2>>>(x);"),
            "(k)<<< 1, 2>>>(x); a[0]<<< 1, 2>>>(x);");
  EXPECT_EQ(normalize("k<float> << <1, 2>>>(x);"), "k<float> <<< 1, 2>>>(x);");
}

TEST(WrittenLaunchesTest, AClosingOverLinesKeepsItsLineBreaks) {
  // Room on the first line: the brackets go there.
  EXPECT_EQ(normalize("k<<<1, 2>> // c\n  >(x);"), "k<<<1, 2>>>    \n   (x);");
  // Room on the last line only.
  EXPECT_EQ(normalize("k<<<1, 2>>\n\n   >(x);"), "k<<<1, 2  \n\n >>>(x);");
  // No room on either: left alone (clang will not parse it).
  EXPECT_EQ(normalize("k<<<1, 2>>\n>(x);"), "k<<<1, 2>>\n>(x);");
  std::vector<ChevronLaunch> Found = findChevronLaunches("k<<<1, 2>>\n>(x);");
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_TRUE(Found[0].Spaced);
  EXPECT_FALSE(Found[0].Rewritable);
  // Line splices and carriage returns stay.
  EXPECT_EQ(normalize("#define L k<<<1, 2>>   \\\n   >(x)\n"),
            "#define L k<<<1, 2>>>  \\\n    (x)\n");
  EXPECT_EQ(normalize("k<<<1, 2>>   \r\n >(x);"), "k<<<1, 2>>>  \r\n  (x);");
}

TEST(WrittenLaunchesTest, SpacingsNvccRejectsAreLeftAlone) {
  for (llvm::StringRef Text :
       {"k< <<1, 2>>>(x);", "k< < <1, 2>>>(x);", "k<<\n<1, 2>>>(x);",
        "k<</*\n*/<1, 2>>>(x);", "k<<<1, 2> >>(x);", "k<<<1, 2> > >(x);"})
    EXPECT_EQ(normalize(Text), Text.str());
}

TEST(WrittenLaunchesTest, HostCodeAndTemplatesAreLeftAlone) {
  for (llvm::StringRef Text : {
           "bool b = a << b < c;",
           "std::cout << x << std::endl; y = a >> b > c;",
           "int v = f<g<<1>>>(x);",
           "std::vector<std::vector<std::vector<int>> > v;",
           "friend std::ostream &operator<< <>(std::ostream &, const X &);",
           "auto p = &operator<< < T >;",
           "x <<= 1; y >>= 2; z = a <=> b; w = p->q > r;",
           "template <template <class> class T> struct S;",
       })
    EXPECT_EQ(normalize(Text), Text.str()) << Text.str();
}

TEST(WrittenLaunchesTest, CommentsLiteralsAndDirectivesAreSkipped) {
  for (llvm::StringRef Text : {
           "// k<< <1, 2>> >(x);\n",
           "/* k<< <1, 2>> >(x); */",
           "const char *s = \"k<< <1, 2>> >(x)\";",
           "const char *r = R\"d(k<< <1, 2>> >(x) \" )\" )d\";",
           "const char *u = u8\"k<< <1>> >()\"; char c = '<';",
           "#error don't k<< <1, 2>> >(x)\n",
           "#include <a<< <b>> >(c)>\n",
       })
    EXPECT_EQ(normalize(Text), Text.str()) << Text.str();
  // A digit separator is no character literal: the launch after it counts.
  EXPECT_EQ(normalize("int n = 1'000; k<< <n, 1>>>(x); char c = 'a';"),
            "int n = 1'000; k<<< n, 1>>>(x); char c = 'a';");
  // An unterminated quote in an `#if 0` block ends with its line.
  EXPECT_EQ(normalize("#if 0\nit's\n#endif\nk<< <1, 1>>>(x);"),
            "#if 0\nit's\n#endif\nk<<< 1, 1>>>(x);");
}

TEST(WrittenLaunchesTest, TheClosingIsFoundAtTheOpeningsDepth) {
  // Shifts, comparisons and template arguments inside the configuration.
  EXPECT_EQ(normalize("k<< <(n >> 1) > 0 ? a : b, f<g<int>>(1)>> >(x);"),
            "k<<< (n >> 1) > 0 ? a : b, f<g<int>>(1)>>> (x);");
  EXPECT_EQ(normalize("k<< <dim3{1, 2}, 32>> >(x);"),
            "k<<< dim3{1, 2}, 32>>> (x);");
  // No closing before the statement ends: no launch.
  EXPECT_EQ(normalize("k<< <1, 2; f(x) >> >(y);"), "k<< <1, 2; f(x) >> >(y);");
  // Inside a macro definition, the closing may end the directive.
  EXPECT_EQ(normalize("#define CFG(g, b) << <g, b>> >\nk CFG(1, 2)(x);"),
            "#define CFG(g, b) <<< g, b>>> \nk CFG(1, 2)(x);");
  // A conditional inside the launch does not end it.
  EXPECT_EQ(normalize("k<< <1,\n#if A\n2\n#else\n3\n#endif\n>> >(x);"),
            "k<<< 1,\n#if A\n2\n#else\n3\n#endif\n>>> (x);");
}

TEST(WrittenLaunchesTest, FindsEveryLaunchAndLaunchApiCall) {
  llvm::StringRef Text = "k<<<1, 1>>>(x); // k<<<1, 1>>>(x);\n"
                         "m<< <2, 2>>>(y); a << b;\n"
                         "cudaLaunchKernel((void *)k, 1, 1, args, 0, 0);\n"
                         "cudaLaunchKernel<T>(k, 1, 1, args);\n"
                         "auto f = &cudaLaunchKernel; \"cudaLaunchKernel(\";\n";
  EXPECT_EQ(openings(Text), (std::vector<unsigned>{1, 36}));
  std::vector<unsigned> Calls = findCalls(Text, {"cudaLaunchKernel"});
  ASSERT_EQ(Calls.size(), 2u);
  EXPECT_EQ(Text.substr(Calls[0], 18), "cudaLaunchKernel((");
  EXPECT_EQ(Text.substr(Calls[1], 18), "cudaLaunchKernel<T");
}

TEST(WrittenLaunchesTest, TextWithoutSpacedChevronsIsNotCopied) {
  EXPECT_FALSE(normalizeLaunchChevrons("k<<<1, 1>>>(x); a << b >> c;"));
  EXPECT_FALSE(normalizeLaunchChevrons(""));
  EXPECT_FALSE(normalizeLaunchChevrons("a << <"));
}

} // namespace
