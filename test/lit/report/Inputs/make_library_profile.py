#!/usr/bin/env python3
# ===- make_library_profile.py - A profile of library calls, made up ------===#
"""Writes library-calls.json: a headroom.profile/1 of a program that calls
Thrust, CUB, cuBLAS, cuSPARSE and cuFFT (scopes around each call, as the
instrumenter brackets them), launches two kernels of its own, and runs
kernels of a framework outside the instrumented code. Names are real
demangled names of those libraries' kernels (CUDA 12-13, CCCL 2.8 and 3.0);
the timings and counters of each kernel are those of a recorded H200 run of
the validation corpus (test/validation/recorded/h200/profiles), so that the
model runs on them as on a real profile.

usage: make_library_profile.py SOURCE_DIR OUT.json
"""

import json
import os
import sys

SOURCE_DIR, OUT = sys.argv[1:3]
RECORDED = os.path.join(SOURCE_DIR, "test", "validation", "recorded", "h200",
                        "profiles")

CUB = "cub::CUB_300001_SM_900"
POLICY = ("%s::detail::radix::policy_hub<unsigned int, %s::NullType, "
          "unsigned int>::Policy900" % (CUB, CUB))
ONESWEEP = (
    "void %s::detail::radix_sort::DeviceRadixSortOnesweepKernel<%s, false, "
    "unsigned int, %s::NullType, unsigned int, int, int, "
    "%s::detail::identity_decomposer_t>(int*, int*, unsigned int*, unsigned "
    "int const*, unsigned int*, %s::NullType const*, %s::NullType*, "
    "unsigned int, int, int, %s::detail::identity_decomposer_t)"
    % (CUB, POLICY, CUB, CUB, CUB, CUB, CUB))
HISTOGRAM = (
    "void %s::detail::radix_sort::DeviceRadixSortHistogramKernel<%s, false, "
    "unsigned int, unsigned int, %s::detail::identity_decomposer_t>(unsigned "
    "int*, unsigned int const*, unsigned int, int, int, "
    "%s::detail::identity_decomposer_t)" % (CUB, POLICY, CUB, CUB))
EXCLUSIVE_SUM = (
    "void %s::detail::radix_sort::DeviceRadixSortExclusiveSumKernel<%s, "
    "unsigned int>(unsigned int*)" % (CUB, POLICY))
REDUCE = (
    "void %s::detail::reduce::DeviceReduceKernel<%s::detail::reduce::"
    "policy_hub<float, int, cuda::std::__4::plus<void> >::Policy900, float "
    "const*, int, cuda::std::__4::plus<void>, float, %s::detail::identity_t>"
    "(float const*, float*, int, %s::GridEvenShare<int>, "
    "cuda::std::__4::plus<void>, %s::detail::identity_t)"
    % (CUB, CUB, CUB, CUB, CUB))
REDUCE_TILE = (
    "void %s::detail::reduce::DeviceReduceSingleTileKernel<%s::detail::"
    "reduce::policy_hub<float, int, cuda::std::__4::plus<void> >::Policy900, "
    "float*, float*, int, cuda::std::__4::plus<void>, float, float, "
    "%s::detail::identity_t>(float*, float*, int, cuda::std::__4::plus<void>, "
    "float, %s::detail::identity_t)" % (CUB, CUB, CUB, CUB))
GEMV = (
    "void gemv2T_kernel_val<int, int, float, float, float, float, 128, 16, 4, "
    "4, false, false, cublasGemvParamsEx<int, cublasGemvTensorStridedBatched"
    "<float const>, cublasGemvTensorStridedBatched<float const>, "
    "cublasGemvTensorStridedBatched<float>, float> >(cublasGemvParamsEx<int, "
    "cublasGemvTensorStridedBatched<float const>, "
    "cublasGemvTensorStridedBatched<float const>, "
    "cublasGemvTensorStridedBatched<float>, float>, float, float)")
CSRMV = (
    "void cusparse::csrmv_v3_kernel<std::integral_constant<bool, false>, int, "
    "int, float, float, float, float, void>(cusparse::KernelCoeffs<float>, "
    "int const*, int const*, int const*, float const*, int, int, int, float "
    "const*, float*, int*, float*)")
CSRMV_PARTITION = (
    "void cusparse::csrmv_v3_partition_kernel<std::integral_constant<bool, "
    "false>, 256, int, int, float, float, float>(int const*, int, int, int, "
    "int*)")
FFT = (
    "void regular_fft<128u, EPT<8u>, 16u, 8u, 1u, padding_t<1u>, "
    "twiddle_t<0u>, loadstore_modifier_t<2u>, layout_t<0u>, unsigned int, "
    "float>(kernel_arguments_t<unsigned int>)")
XMMA = ("sm90_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x128x32_"
        "warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas")
CUTLASS = (
    "void cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<cute::"
    "tuple<int, int, int, int>, cutlass::gemm::collective::CollectiveMma<"
    "cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<4, cute::tuple<"
    "cute::C<1>, cute::C<1>, cute::C<1> >, cutlass::gemm::"
    "KernelTmaWarpSpecialized>, cute::tuple<cute::C<128>, cute::C<128>, "
    "cute::C<64> >, cutlass::half_t>, cutlass::epilogue::collective::"
    "DefaultEpilogue<cutlass::half_t>, void> >(cutlass::gemm::kernel::"
    "GemmUniversal<cute::tuple<int, int, int, int>, void, void, void>::"
    "Params)")


def recorded(case, index=0):
    """Kernel entry \\p index of a recorded profile of the corpus."""
    with open(os.path.join(RECORDED, case + ".json")) as f:
        doc = json.load(f)
    return doc, doc["kernels"][index]


def mangled(name):
    """A stand-in for the driver's (mangled) name: C names are their own."""
    if "(" not in name:
        return name
    base = name.split("(")[0].split("<")[0].split("::")[-1].split(" ")[-1]
    return "_Z%d%sv" % (len(base), base)


def entry(case, index, name, site=None, scope=None, launches=None,
          counters=True):
    """A kernel entry named \\p name with the recorded entry's launches,
    times and (unless \\p counters is false) counters."""
    _, k = recorded(case, index)
    e = dict(k)
    e["site"], e["scope"] = site, scope
    e["name"] = mangled(name)
    e["demangled"] = name
    if launches is not None and launches != k["launches"]:
        # Fewer launches of the same kernel: the mean times stay.
        scale = launches / k["launches"]
        e["launches"] = launches
        e["timed_launches"] = max(1, round(k.get("timed_launches", launches)
                                           * scale))
        e["total_ns"] = round(k["total_ns"] * scale)
        e["untimed_launches"] = launches - e["timed_launches"]
        e.pop("duration_sample_ns", None)
    if not counters:
        for key in ("counters", "counter_launches", "profiled_ns",
                    "replay_records"):
            e.pop(key, None)
        e["counter_note"] = "not sampled: its sampling budget was spent"
    return e


def main():
    head, _ = recorded("stream.scale.f32.n64M")
    doc = {
        "schema": "headroom.profile/1",
        "runtime_version": head["runtime_version"],
        "process": {"pid": 4242, "host": "h200-test", "command": "./app"},
        "devices": head["devices"],
        "collection": dict(head["collection"], sampling_scope="scopes"),
        "sites": [
            {"id": 0, "file": "app.cu", "line": 60, "column": 5,
             "kernel": "(anonymous namespace)::softmaxKernel",
             "kernel_file": "app.cu", "kernel_line": 20, "kernel_column": 17},
            {"id": 1, "file": "app.cu", "line": 70, "column": 5,
             "kernel": "scale<float>", "kernel_file": "app.cu",
             "kernel_line": 12, "kernel_column": 17},
        ],
        "scopes": [
            {"id": 0, "file": "app.cu", "line": 141, "column": 5,
             "name": "thrust::sort"},
            {"id": 1, "file": "app.cu", "line": 160, "column": 3,
             "name": "cublasSgemv_v2"},
            {"id": 2, "file": "app.cu", "line": 175, "column": 3,
             "name": "cusparseSpMV"},
            {"id": 3, "file": "app.cu", "line": 190, "column": 3,
             "name": "cufftExecC2C"},
            {"id": 4, "file": "app.cu", "line": 200, "column": 5,
             "name": "thrust::sort"},
            {"id": 5, "file": "app.cu", "line": 210, "column": 5,
             "name": "cub::DeviceReduce::Sum"},
        ],
        "kernels": [
            entry("softmax.softmax.online.16384x4096", 0,
                  "(anonymous namespace)::softmaxKernel(float const*, float*, "
                  "int)", site=0),
            entry("stream.scale.f32.n64M", 0,
                  "void scale<float>(float*, float, int)", site=1),
            # thrust::sort at line 141: CUB's radix sort, three kernels.
            entry("sort.bitonic.shared.n16M", 2, ONESWEEP, scope=0,
                  launches=84),
            entry("histogram.shared.uniform.n16M", 0, HISTOGRAM, scope=0,
                  launches=84),
            entry("scan.inclusive.blelloch.n1M", 1, EXCLUSIVE_SUM, scope=0,
                  launches=84),
            # The same sort at line 200, on less data.
            entry("sort.bitonic.shared.n16M", 2, ONESWEEP, scope=4,
                  launches=7),
            entry("histogram.shared.uniform.n16M", 0, HISTOGRAM, scope=4,
                  launches=7),
            entry("scan.inclusive.blelloch.n1M", 1, EXCLUSIVE_SUM, scope=4,
                  launches=7),
            entry("apps.gemv.warprow.f32.s12288", 0, GEMV, scope=1),
            entry("spmv.csr.vector.random.n4M", 0, CSRMV, scope=2),
            entry("latency.copy.short.n64K", 0, CSRMV_PARTITION, scope=2,
                  counters=False),
            entry("transpose.smem.f32.n8192", 0, FFT, scope=3),
            entry("reduce.tree.f32.n16M", 0, REDUCE, scope=5),
            entry("reduce.tree.f32.n16M", 1, REDUCE_TILE, scope=5),
            # A framework's cuBLAS and CUTLASS calls, not instrumented.
            entry("gemm.sgemm.regtile.n4096", 0, XMMA, launches=5),
            entry("stream.scale.f32.n64M", 0, CUTLASS, counters=False,
                  launches=5),
        ],
    }
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


main()
