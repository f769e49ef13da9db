//===- CudaTextTest.cpp - CUDA source text read without a compiler --------===//

#include "support/CudaText.h"

#include <gtest/gtest.h>

namespace headroom {
namespace {

TEST(LaunchTextTest, FindsChevronsAsNvccTakesThem) {
  EXPECT_EQ(findLaunchText("  k<<<1, 1>>>();"), 3u);
  // Spaced chevrons, with comments and line splices between the brackets.
  EXPECT_EQ(findLaunchText("k<< <1, 1>> >();"), 1u);
  EXPECT_EQ(findLaunchText("k< /* a */ < // b\n <1, 1>>>();"), 1u);
  EXPECT_EQ(findLaunchText("k<\\\n<<1, 1>>>();"), 1u);
  EXPECT_EQ(findLaunchText("x;\nk<<\\  \n<1, 1>>>();"), 4u);
  // In a macro body, and in an inactive block: still a yes.
  EXPECT_TRUE(findLaunchText("#define LAUNCH(k) k<<<1, 1>>>()\n"));
  EXPECT_TRUE(findLaunchText("#if 0\nk<<<1, 1>>>();\n#endif\n"));
}

TEST(LaunchTextTest, SkipsCommentsAndLiterals) {
  EXPECT_FALSE(findLaunchText("// k<<<grid, block>>>\n/* cudaLaunchKernel */"));
  EXPECT_FALSE(findLaunchText("printf(\">>> see <%s> <<<\\n\", f);"));
  EXPECT_FALSE(findLaunchText("log(u8\"<<<\"); c = '<'; d = L'<';"));
  EXPECT_FALSE(findLaunchText("s = R\"x(a\" <<< \")x\";"));
  EXPECT_FALSE(findLaunchText("s = \"a\\\" <<< \";"));
  // After each of them, code again.
  EXPECT_EQ(findLaunchText("// <<<\nk<<<1, 1>>>();"), 8u);
  EXPECT_EQ(findLaunchText("/* <<< */k<<<1, 1>>>();"), 10u);
  EXPECT_EQ(findLaunchText("f(\"<<<\"); k<<<1, 1>>>();"), 11u);
  EXPECT_EQ(findLaunchText("s = R\"(\"<<<)\"; cudaLaunchKernel(f);"), 15u);
  EXPECT_EQ(findLaunchText("c = '\"'; k<<<1, 1>>>();"), 10u);
  EXPECT_EQ(findLaunchText("c = '\\''; k<<<1, 1>>>();"), 11u);
  // A digit separator opens no literal; a string or character literal
  // that a line break ends leaves the next line alone.
  EXPECT_EQ(findLaunchText("n = 1'000; k<<<n, 1>>>();"), 12u);
  EXPECT_EQ(findLaunchText("#error can't\nk<<<1, 1>>>();"), 14u);
  EXPECT_EQ(findLaunchText("#warning \"open\nk<<<1, 1>>>();"), 16u);
  // "http://" in a literal opens no comment.
  EXPECT_EQ(findLaunchText("u = \"http://x\"; k<<<1, 1>>>();"), 17u);
}

TEST(LaunchTextTest, FindsTheLaunchApiByName) {
  EXPECT_EQ(findLaunchText("e = cudaLaunchKernel((void *)k, g, b, a);"), 4u);
  EXPECT_TRUE(findLaunchText("cudaLaunchCooperativeKernel(f, 1, 1, a)"));
  EXPECT_TRUE(findLaunchText("cudaLaunchKernelEx(&config, k, x)"));
  // A name split by a line splice is one name to the preprocessor.
  EXPECT_EQ(findLaunchText("int a;\ncudaLaunch\\\nKernel(f)"), 7u);
}

TEST(LaunchTextTest, FindsLibraryNames) {
  // The C APIs by prefix, thrust, cub and CUTLASS by name, in code.
  EXPECT_EQ(findLaunchText("s = cublasSgemm(h, n);"), 4u);
  EXPECT_TRUE(findLaunchText("cufftExecC2C(p, a, b, 1);"));
  EXPECT_TRUE(findLaunchText("nppiAdd_8u_C1RSfs(a, b);"));
  EXPECT_TRUE(findLaunchText("ncclAllReduce(a, b, n, t, op, c, s);"));
  EXPECT_EQ(findLaunchText("x = 1;\n#include <thrust/sort.h>\n"), 17u);
  EXPECT_TRUE(findLaunchText("cub::DeviceReduce::Sum(t, n, a, b, 4);"));
  EXPECT_TRUE(findLaunchText("using Gemm = cutlass::gemm::device::Gemm<T>;"));
  // Not inside another name, a comment or a literal.
  EXPECT_FALSE(findLaunchText("int mycub = subcublas + cubic + nthrust;"));
  EXPECT_FALSE(findLaunchText("// thrust::sort\nputs(\"cublasSgemm\");"));
  EXPECT_TRUE(isLibraryIdentifier("cusolverDnSgetrf"));
  EXPECT_TRUE(isLibraryIdentifier("thrust"));
  EXPECT_FALSE(isLibraryIdentifier("thrusts"));
  EXPECT_FALSE(isLibraryIdentifier("cuda"));
}

TEST(LaunchTextTest, LeavesOtherAngleBracketsAlone) {
  EXPECT_FALSE(findLaunchText("a << b < c; x < y; std::cout << 1 << 2;"));
  EXPECT_FALSE(findLaunchText("std::vector<std::vector<int>> v;"));
  EXPECT_FALSE(findLaunchText("template <typename T> struct S<T *> {};"));
  EXPECT_FALSE(findLaunchText("cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);"));
  EXPECT_FALSE(findLaunchText(""));
  // A backslash without a line break after it is no splice.
  EXPECT_FALSE(findLaunchText("s = \"a\\\\n\" < b;"));
}

TEST(IncludeDirectivesTest, FindsEveryForm) {
  std::vector<IncludeDirective> D =
      findIncludes("#include \"a.h\"\n"
                   "  #  include <b/c.h>  // comment\n"
                   "#include_next <d.h>\n"
                   "%:include \"e.h\"\n"
                   "# /* why */ include \"f.h\"\n"
                   "#import \"g.h\"\n"
                   "#define INCLUDE \"h.h\"\n"
                   "#include INCLUDE\n"
                   "int include;\n");
  ASSERT_EQ(D.size(), 7u);
  EXPECT_EQ(D[0].Name, "a.h");
  EXPECT_TRUE(D[0].Quoted);
  EXPECT_EQ(D[0].Line, 1u);
  EXPECT_EQ(D[1].Name, "b/c.h");
  EXPECT_FALSE(D[1].Quoted);
  EXPECT_EQ(D[2].Name, "d.h");
  EXPECT_EQ(D[3].Name, "e.h");
  EXPECT_EQ(D[4].Name, "f.h");
  EXPECT_EQ(D[5].Name, "g.h");
  EXPECT_TRUE(D[6].Computed);
  EXPECT_EQ(D[6].Line, 8u);
}

TEST(IncludeDirectivesTest, InCommentsToo) {
  std::vector<IncludeDirective> D =
      findIncludes("/* a comment\n#include <a.h>\n*/\n#include <b.h>\n");
  ASSERT_EQ(D.size(), 2u);
  EXPECT_EQ(D[0].Name, "a.h");
  EXPECT_EQ(D[1].Line, 4u);
}

TEST(TextDirectivesTest, MacrosPragmasAndConditionals) {
  std::vector<TextDirective> D =
      findDirectives("#ifndef GUARD // the guard\n"
                     "#define GUARD\n"
                     "# undef min\n"
                     "#pragma GCC visibility push(default)\n"
                     "#pragma pack(1)\n"
                     "#if defined(A) /* why */ && B\n"
                     "#elif C\n"
                     "#else\n"
                     "#endif\n"
                     "#error no {\n"
                     "#endif\n");
  ASSERT_EQ(D.size(), 10u);
  using K = TextDirective::Kind;
  EXPECT_EQ(D[0].K, K::Conditional);
  EXPECT_EQ(D[0].Name, "ifndef");
  EXPECT_EQ(D[0].Condition, "GUARD");
  EXPECT_EQ(D[1].K, K::Macro);
  EXPECT_EQ(D[1].Name, "GUARD");
  EXPECT_TRUE(D[1].Defines);
  EXPECT_EQ(D[2].Name, "min");
  EXPECT_FALSE(D[2].Defines);
  EXPECT_EQ(D[2].Line, 3u);
  EXPECT_EQ(D[3].K, K::Pragma);
  EXPECT_EQ(D[3].Name, "GCC visibility");
  EXPECT_EQ(D[4].Name, "pack");
  EXPECT_EQ(D[5].Condition, "defined(A)");
  EXPECT_EQ(D[6].Name, "elif");
  EXPECT_EQ(D[6].Condition, "C");
  EXPECT_EQ(D[7].Name, "else");
  EXPECT_EQ(D[9].Name, "endif");
  EXPECT_EQ(D[9].Line, 11u);
}

TEST(TextDirectivesTest, BracesOpenInCode) {
  std::vector<TextDirective> D =
      findDirectives("extern \"C\" {\n"
                     "#include <a.h>\n"
                     "}\n"
                     "const char *s = \"{\"; char c = '{'; int n = 1'0;\n"
                     "// {\n"
                     "/* {\n"
                     "#include <b.h>\n"
                     "*/\n"
                     "#define OPEN {\n"
                     "auto r = R\"x({)x\";\n"
                     "namespace n { void f() {\n"
                     "#include <c.h>\n"
                     "} }\n"
                     "#include <d.h>\n");
  ASSERT_EQ(D.size(), 5u);
  EXPECT_EQ(D[0].Depth, 1u);
  EXPECT_EQ(D[1].Include.Name, "b.h");
  EXPECT_EQ(D[1].Depth, 0u);
  EXPECT_EQ(D[3].Depth, 2u);
  EXPECT_EQ(D[4].Include.Name, "d.h");
  EXPECT_EQ(D[4].Depth, 0u);
}

TEST(LogicalTextTest, MapsSplicedOffsetsBack) {
  LogicalText T("ab\\\ncd\nef");
  EXPECT_EQ(T.text(), "abcd\nef");
  EXPECT_EQ(T.original(2), 4u);
  EXPECT_EQ(T.line(2), 2u);
  EXPECT_EQ(T.line(5), 3u);
  EXPECT_EQ(findLaunchText(LogicalText("k<\\\n<<1, 1>>>();")), 1u);
}

} // namespace
} // namespace headroom
