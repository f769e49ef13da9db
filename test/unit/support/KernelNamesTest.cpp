//===- KernelNamesTest.cpp - Kernel names a reader can take in ------------===//

#include "support/KernelNames.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace headroom;

namespace {

// Demangled names as CUPTI reports them for the kernels of CUDA 12-13's
// libraries and of user code.
const char *CubOnesweep =
    "void cub::CUB_300001_SM_900::detail::radix_sort::"
    "DeviceRadixSortOnesweepKernel<cub::CUB_300001_SM_900::detail::radix::"
    "policy_hub<unsigned int, cub::CUB_300001_SM_900::NullType, unsigned "
    "int>::Policy900, false, unsigned int, cub::CUB_300001_SM_900::NullType, "
    "unsigned int, int, int, "
    "cub::CUB_300001_SM_900::detail::identity_decomposer_t>(int*, int*, "
    "unsigned int*, unsigned int const*, unsigned int*, "
    "cub::CUB_300001_SM_900::NullType const*, "
    "cub::CUB_300001_SM_900::NullType*, unsigned int, int, int, "
    "cub::CUB_300001_SM_900::detail::identity_decomposer_t)";
const char *CubHistogram =
    "void cub::CUB_300001_SM_900::detail::radix_sort::"
    "DeviceRadixSortHistogramKernel<cub::CUB_300001_SM_900::detail::radix::"
    "policy_hub<unsigned int, cub::CUB_300001_SM_900::NullType, unsigned "
    "int>::Policy900, false, unsigned int, unsigned int, "
    "cub::CUB_300001_SM_900::detail::identity_decomposer_t>(unsigned int*, "
    "unsigned int const*, unsigned int, int, int, "
    "cub::CUB_300001_SM_900::detail::identity_decomposer_t)";
const char *CubReduce2x =
    "void cub::CUB_200200_700_800_860_890_900_NS::DeviceReduceKernel<cub::"
    "CUB_200200_700_800_860_890_900_NS::DeviceReducePolicy<float, unsigned "
    "int, cub::CUB_200200_700_800_860_890_900_NS::Sum>::Policy600, float*, "
    "float*, unsigned int, cub::CUB_200200_700_800_860_890_900_NS::Sum>("
    "float*, float*, unsigned int, "
    "cub::CUB_200200_700_800_860_890_900_NS::GridEvenShare<unsigned int>, "
    "cub::CUB_200200_700_800_860_890_900_NS::Sum)";
const char *ThrustFill =
    "void thrust::THRUST_200802_SM_900_NS::cuda_cub::core::_kernel_agent<"
    "thrust::THRUST_200802_SM_900_NS::cuda_cub::__parallel_for::"
    "ParallelForAgent<thrust::THRUST_200802_SM_900_NS::cuda_cub::__fill::"
    "functor<thrust::THRUST_200802_SM_900_NS::detail::normal_iterator<"
    "thrust::THRUST_200802_SM_900_NS::device_ptr<float> >, float>, long>, "
    "thrust::THRUST_200802_SM_900_NS::cuda_cub::__fill::functor<thrust::"
    "THRUST_200802_SM_900_NS::detail::normal_iterator<thrust::THRUST_200802_"
    "SM_900_NS::device_ptr<float> >, float>, long>(thrust::THRUST_200802_SM_"
    "900_NS::cuda_cub::__fill::functor<thrust::THRUST_200802_SM_900_NS::"
    "detail::normal_iterator<thrust::THRUST_200802_SM_900_NS::device_ptr<"
    "float> >, float>, long)";
const char *CubForLambda =
    "void cub::CUB_300001_SM_900::detail::for_each::static_kernel<cub::CUB_"
    "300001_SM_900::detail::for_each::policy_hub_t::policy_900_t, int, "
    "__nv_dl_wrapper_t<__nv_dl_tag<void (*)(float*, int), &run(float*, int), "
    "1u>, float*> >(int, __nv_dl_wrapper_t<__nv_dl_tag<void (*)(float*, "
    "int), &run(float*, int), 1u>, float*>)";
const char *CublasGemv =
    "void gemv2T_kernel_val<int, int, float, float, float, float, 128, 16, 4, "
    "4, false, false, cublasGemvParamsEx<int, "
    "cublasGemvTensorStridedBatched<float const>, "
    "cublasGemvTensorStridedBatched<float const>, "
    "cublasGemvTensorStridedBatched<float>, float> "
    ">(cublasGemvParamsEx<int, cublasGemvTensorStridedBatched<float const>, "
    "cublasGemvTensorStridedBatched<float const>, "
    "cublasGemvTensorStridedBatched<float>, float>, float, float)";
const char *CublasSplitK =
    "void splitKreduce_kernel<32, 16, int, float, float, float, float, true, "
    "false, false>(cublasSplitKParams<float>, float const*, float const*, "
    "float*, float const*, float const*, float const*, float const*, float*, "
    "void*, long, float*, int*)";
const char *CublasXmma = "sm90_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x12"
                         "8x32_warpgroupsize1x1x1_execute_segment_k_off_"
                         "kernel__5x_cublas";
const char *CutlassKernel2 =
    "void cutlass::Kernel2<cutlass_80_tensorop_s1688gemm_128x128_16x5_tn_"
    "align4>(cutlass_80_tensorop_s1688gemm_128x128_16x5_tn_align4::Params)";
const char *Cutlass3 =
    "void cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<cute::"
    "tuple<int, int, int, int>, cutlass::gemm::collective::CollectiveMma<"
    "cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<4, cute::tuple<cute::"
    "C<1>, cute::C<1>, cute::C<1> >, "
    "cutlass::gemm::KernelTmaWarpSpecialized>, cute::tuple<cute::C<128>, "
    "cute::C<128>, cute::C<64> >, cutlass::half_t, cute::tuple<long, "
    "cute::C<1>, long>, cutlass::half_t, cute::tuple<long, cute::C<1>, "
    "long>, cute::TiledMMA<cute::MMA_Atom<cute::SM90_64x128x16_F32F16F16_SS<"
    "(cute::GMMA::Major)0, (cute::GMMA::Major)0, (cute::GMMA::ScaleIn)1, "
    "(cute::GMMA::ScaleIn)1> >, cute::Layout<cute::tuple<cute::C<1>, "
    "cute::C<1>, cute::C<1> >, cute::tuple<cute::C<0>, cute::C<0>, "
    "cute::C<0> > >, cute::tuple<cute::Underscore, cute::Underscore, "
    "cute::Underscore> > >, "
    "cutlass::epilogue::collective::DefaultEpilogue<cutlass::half_t, "
    "cute::tuple<long, cute::C<1>, long>, cute::tuple<long, cute::C<1>, "
    "long>, cutlass::epilogue::thread::LinearCombination<cutlass::half_t, 1, "
    "float, float, (cutlass::epilogue::thread::ScaleType::Kind)0, "
    "(cutlass::FloatRoundStyle)2, cutlass::half_t>, "
    "cutlass::gemm::EpilogueDefault>, void> "
    ">(cutlass::gemm::kernel::GemmUniversal<cute::tuple<int, int, int, int>, "
    "void, void, void>::Params)";
const char *CusparseCsrmv =
    "void cusparse::csrmv_v3_kernel<std::integral_constant<bool, false>, int, "
    "int, float, float, float, float, void>(cusparse::KernelCoeffs<float>, "
    "int const*, int const*, int const*, float const*, int, int, int, float "
    "const*, float*, int*, float*)";
const char *CusparseCoomv =
    "void cusparse::coomv_kernel<true, int, float, float, float, "
    "float>(cusparse::KernelCoeffs<float>, long, int const*, int const*, "
    "float const*, float const*, float*, int*, float*)";
const char *CufftRegular =
    "void regular_fft<128u, EPT<8u>, 16u, 8u, 1u, padding_t<1u>, "
    "twiddle_t<0u>, loadstore_modifier_t<2u>, layout_t<0u>, unsigned int, "
    "float>(kernel_arguments_t<unsigned int>)";
const char *CufftVector =
    "void vector_fft<256u, EPT<8u>, 32u, 4u, padding_t<1u>, twiddle_t<0u>, "
    "loadstore_modifier_t<2u>, layout_t<1u>, unsigned int, "
    "float>(kernel_arguments_t<unsigned int>)";
const char *CurandSeed =
    "void generate_seed_pseudo<rng_config<curandStateXORWOW, "
    "(curandOrdering)101> >(unsigned long long, unsigned long long, unsigned "
    "long long, curandOrdering, curandStateXORWOW*, unsigned int*)";

TEST(ShortKernelName, LibraryKernelsKeepTheirLibraryAndName) {
  EXPECT_EQ(shortKernelName(CubOnesweep),
            "cub::DeviceRadixSortOnesweepKernel<...>");
  EXPECT_EQ(shortKernelName(CubHistogram),
            "cub::DeviceRadixSortHistogramKernel<...>");
  EXPECT_EQ(shortKernelName(CubReduce2x), "cub::DeviceReduceKernel<...>");
  EXPECT_EQ(shortKernelName(ThrustFill), "thrust::_kernel_agent<...>");
  EXPECT_EQ(shortKernelName(CubForLambda), "cub::static_kernel<...>");
  EXPECT_EQ(shortKernelName(CublasGemv), "gemv2T_kernel_val<...>");
  EXPECT_EQ(shortKernelName(CublasSplitK), "splitKreduce_kernel<...>");
  EXPECT_EQ(shortKernelName(CutlassKernel2), "cutlass::Kernel2<...>");
  EXPECT_EQ(shortKernelName(CusparseCsrmv), "cusparse::csrmv_v3_kernel<...>");
  EXPECT_EQ(shortKernelName(CusparseCoomv), "cusparse::coomv_kernel<...>");
  EXPECT_EQ(shortKernelName(CufftRegular), "regular_fft<...>");
  EXPECT_EQ(shortKernelName(CufftVector), "vector_fft<...>");
}

TEST(ShortKernelName, NamesThatFitStayWhole) {
  // 54 characters without return type and parameters.
  EXPECT_EQ(shortKernelName("void cusparse::coomv_kernel<true, int, float, "
                            "float, float>(cusparse::KernelCoeffs<float>)"),
            "cusparse::coomv_kernel<true, int, float, float, float>");
  EXPECT_EQ(shortKernelName("void scale<float>(float*, float, int)"),
            "scale<float>");
  EXPECT_EQ(shortKernelName("(anonymous namespace)::softmaxKernel(float "
                            "const*, float*, int)"),
            "(anonymous namespace)::softmaxKernel");
  EXPECT_EQ(shortKernelName("saxpy(int, float, float const*, float*)"),
            "saxpy");
  EXPECT_EQ(shortKernelName("sgemm"), "sgemm");
  EXPECT_EQ(shortKernelName("ampere_sgemm_128x64_nn"),
            "ampere_sgemm_128x64_nn");
  EXPECT_EQ(shortKernelName("(anonymous namespace)::blackScholesKernel"),
            "(anonymous namespace)::blackScholesKernel");
  EXPECT_EQ(shortKernelName("void ns::scale<float, 4>(float*, int)"),
            "ns::scale<float, 4>");
}

TEST(ShortKernelName, ArgumentsInBriefBeforeNone) {
  EXPECT_EQ(shortKernelName(Cutlass3),
            "cutlass::device_kernel<cutlass::GemmUniversal<...>>");
  EXPECT_EQ(shortKernelName(CurandSeed),
            "generate_seed_pseudo<rng_config<...>>");
}

TEST(ShortKernelName, MiddleNamespacesGoFirst) {
  EXPECT_EQ(shortKernelName("void mylib::detail::impl::v2::kernels::"
                            "reduceRowsKernel<float, 256>(float const*, "
                            "float*, int)"),
            "mylib::reduceRowsKernel<float, 256>");
}

TEST(ShortKernelName, VersionedNamespacesGoAlways) {
  EXPECT_EQ(qualifiedKernelName("void cub::CUB_300001_SM_900::"
                                "EmptyKernel<void>()"),
            "cub::EmptyKernel<void>");
  EXPECT_EQ(shortKernelName("void my::k<cuda::std::__4::complex<float> "
                            ">(cuda::std::__4::complex<float>*)"),
            "my::k<cuda::std::complex<float> >");
  // A user's namespace of capitals keeps its place.
  EXPECT_EQ(shortKernelName("void APP::V2::k(int)"), "APP::V2::k");
}

TEST(ShortKernelName, LongNamesWithoutStructureAreCut) {
  std::string Short = shortKernelName(CublasXmma);
  EXPECT_EQ(Short.size(), ShortKernelNameLimit);
  EXPECT_EQ(Short,
            "sm90_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x128x32...");
}

TEST(ShortKernelName, LambdasAndOperators) {
  EXPECT_EQ(shortKernelName("void forEach<main::{lambda(float)#1}>(float*, "
                            "int, main::{lambda(float)#1})"),
            "forEach<main::{lambda(float)#1}>");
  EXPECT_EQ(shortKernelName("void forEach<main::'lambda'(float)>(float*, "
                            "int, main::'lambda'(float))"),
            "forEach<main::'lambda'(float)>");
  EXPECT_EQ(qualifiedKernelName("(anonymous namespace)::Functor::operator()"
                                "(int) const"),
            "(anonymous namespace)::Functor::operator()");
  EXPECT_EQ(qualifiedKernelName("bool ns::operator<(ns::Item const&, "
                                "ns::Item const&)"),
            "ns::operator<");
  EXPECT_EQ(qualifiedKernelName("void sortKernel<&(anonymous namespace)::"
                                "operator<(Item const&, Item const&)>(Item*, "
                                "int)"),
            "sortKernel<&(anonymous namespace)::operator<(Item const&, Item "
            "const&)>");
  EXPECT_EQ(shortKernelName("void sortKernel<&(anonymous namespace)::"
                            "operator<(Item const&, Item const&)>(Item*, "
                            "int)"),
            "sortKernel<...>");
  EXPECT_EQ(qualifiedKernelName("ns::Widget::operator unsigned int() const"),
            "ns::Widget::operator unsigned int");
  EXPECT_EQ(qualifiedKernelName("void k<(N<5)>(int) [clone .cold]"),
            "k<(N<5)>");
}

TEST(ShortKernelName, AnyTextStaysWithinTheLimit) {
  std::vector<std::string> Names = {
      CubOnesweep,    CubHistogram, CubReduce2x,   ThrustFill,
      CubForLambda,   CublasGemv,   CublasSplitK,  CublasXmma,
      CutlassKernel2, Cutlass3,     CusparseCsrmv, CusparseCoomv,
      CufftRegular,   CufftVector,  CurandSeed,    "",
      "(((",          ">>>",        "void",        "operator",
      "foo<int(bar",  "a::::b",     "::",          "operator<<<",
      "x)y(z"};
  Names.push_back(std::string(300, 'k'));
  Names.push_back("void " + std::string(200, 'n') + "::k<int>(int)");
  Names.push_back(std::string("void k<") + std::string(100, 'a') + ", " +
                  std::string(100, 'b') + ">()");
  for (const std::string &N : Names) {
    std::string Short = shortKernelName(N);
    EXPECT_LE(Short.size(), ShortKernelNameLimit) << N;
    EXPECT_EQ(shortKernelName(N, 20).size() <= 20, true) << N;
  }
  EXPECT_EQ(shortKernelName(""), "");
  EXPECT_EQ(shortKernelName(std::string(300, 'k')),
            std::string(57, 'k') + "...");
}

} // namespace
