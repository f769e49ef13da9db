#!/usr/bin/env python3
"""Applies Headroom's top advice, by hand, to a copy of some NVIDIA cuda-samples.

usage: test/external/advice/modify.py SAMPLES_COPY_DIR

SAMPLES_COPY_DIR holds copies of the samples' directories by name (convolutionSeparable,
fastWalshTransform, histogram, sortingNetworks, transpose, shfl_scan), which this edits
in place. Each edit is a search/replace that must match exactly as often as expected
(the samples at cuda-samples commit c94ff366); it fails loudly otherwise, so an
upstream change cannot silently leave a kernel unmodified. Each edit is the change the
advice names and nothing else (docs/advice.md; docs/perf/advice-external.md lists them).
"""
import os
import re
import sys


def edit(path, old, new, count=1):
    text = open(path).read()
    found = text.count(old)
    if found != count:
        sys.exit(f"error: {path}: expected {count} of {old!r}, found {found}")
    open(path, "w").write(text.replace(old, new))


def wrap_indexes(text, arrays, fn):
    """a[expr] -> a[fn(expr)] for each array in arrays, brackets matched."""
    out, i = [], 0
    pattern = re.compile(r"\b(" + "|".join(arrays) + r")\[")
    while True:
        m = pattern.search(text, i)
        if not m:
            out.append(text[i:])
            return "".join(out)
        start = m.end()
        depth, j = 1, start
        while depth:
            depth += {"[": 1, "]": -1}.get(text[j], 0)
            j += 1
        out.append(text[i:start] + fn + "(" + text[start:j - 1] + ")]")
        i = j


def kernel_span(text, signature):
    """[begin, end) of the kernel whose definition starts with signature."""
    begin = text.index(signature)
    depth, j = 0, text.index("{", begin)
    while True:
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        j += 1
        if depth == 0:
            return begin, j


def edit_kernel(path, signature, arrays, fn, helper):
    """Wraps the shared arrays' indexes in fn inside one kernel, helper before it."""
    text = open(path).read()
    if text.count(signature) != 1:
        sys.exit(f"error: {path}: expected one {signature!r}")
    begin, end = kernel_span(text, signature)
    body = text[begin:end]
    decl = re.compile(r"(__shared__[^;]*;|//[^\n]*)")
    parts = decl.split(body)  # keep the declarations and comments as they are
    body = "".join(p if decl.fullmatch(p) else wrap_indexes(p, arrays, fn) for p in parts)
    open(path, "w").write(text[:begin] + helper + body + text[end:])


def main():
    root = sys.argv[1]
    p = lambda *a: os.path.join(root, *a)

    # convolutionRowsKernel, bank-conflicts: a warp is 2 rows of 16 threads and a row
    # holds 160 floats (a multiple of 32 banks), so both rows hit the same 16 banks.
    # Pad each row by 16 floats: the second row's threads take the other 16 banks.
    edit(p("convolutionSeparable", "convolutionSeparable.cu"),
         "__shared__ float s_Data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];",
         "__shared__ float s_Data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X + 16];")
    # convolutionColumnsKernel, bank-conflicts: rows of 81 floats put thread (15, 1)
    # on thread (0, 0)'s bank (81 * 15 + 1 = 32 * 38), a 2-way conflict on every
    # access; rows of 82 give the 32 threads of a warp 32 different banks.
    edit(p("convolutionSeparable", "convolutionSeparable.cu"),
         "[(COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS) * COLUMNS_BLOCKDIM_Y + 1];",
         "[(COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS) * COLUMNS_BLOCKDIM_Y + 2];")

    # fwtBatch1Kernel, bank-conflicts: the radix-4 stages of stride 8 and 2 read 4
    # rows of 32 words at the same columns (4-way). Swizzle: XOR the column with the
    # row (i >> 5) times 10 (bits 3-4 and 1-2), a permutation within each row.
    edit_kernel(p("fastWalshTransform", "fastWalshTransform_kernel.cuh"),
                "__global__ void fwtBatch1Kernel(", ["s_data"], "fwtSwizzle",
                "__device__ __forceinline__ int fwtSwizzle(int i) { return i ^ (((i >> 5) & 3) * 10); }\n\n")

    # histogram64Kernel, bank-conflicts: its thread-to-byte permutation is written for
    # 16 banks (SHARED_MEMORY_BANKS, "may change on future hardware"): on 32 banks two
    # threads of a warp share each bank and collide where their bytes' bins differ.
    # Set it to the 32 banks the GPU has (the block size follows, 4 * banks).
    edit(p("histogram", "histogram_common.h"), "#define SHARED_MEMORY_BANKS 16",
         "#define SHARED_MEMORY_BANKS 32")
    edit(p("histogram", "histogram64.cu"), "#define SHARED_MEMORY_BANKS 16",
         "#define SHARED_MEMORY_BANKS 32")
    edit(p("histogram", "histogram64.cu"), "((threadIdx.x & (SHARED_MEMORY_BANKS * 3)) >> 4)",
         "((threadIdx.x & (SHARED_MEMORY_BANKS * 3)) >> 5)")

    # bitonicSortShared, bitonicSortShared1, bitonicMergeShared, bank-conflicts: for
    # strides under 32 a warp's comparators read 16 words of each of two rows at the
    # same columns (2-way). Swizzle: odd rows XOR their column with 31, so the second
    # row's 16 words take the banks the first row's leave.
    bitonic = p("sortingNetworks", "bitonicSort.cu")
    helper = ("__device__ __forceinline__ uint bitonicSwizzle(uint i) "
              "{ return i ^ (((i >> 5) & 1U) * 31U); }\n\n")
    for sig in ["__global__ void bitonicSortShared1(", "__global__ void bitonicMergeShared("]:
        edit_kernel(bitonic, sig, ["s_key", "s_val"], "bitonicSwizzle", "")
    edit_kernel(bitonic, "__global__ void\nbitonicSortShared(", ["s_key", "s_val"],
                "bitonicSwizzle", helper)

    # transposeCoalesced, bank-conflicts: reading the 32x32 tile by columns is a
    # 32-way conflict; pad the row by one element.
    path = p("transpose", "transpose.cu")
    text = open(path).read()
    begin, end = kernel_span(text, "__global__ void transposeCoalesced(")
    body = text[begin:end]
    old = "__shared__ float tile[TILE_DIM][TILE_DIM];"
    if body.count(old) != 1:
        sys.exit(f"error: {path}: transposeCoalesced has no {old!r}")
    open(path, "w").write(text[:begin] + body.replace(old, "__shared__ float tile[TILE_DIM][TILE_DIM + 1];") + text[end:])
    # shfl_vertical_shfl, fill-gpu: 60 blocks (one per 32 columns, each scanning all
    # 1080 rows) leave most of the 132 SMs idle. Spread the same work over 15 times
    # the blocks: block (x, s) scans rows 72s..72s+71 of its columns and writes its
    # column totals past the image (the buffer is 4x the image); a second kernel adds
    # to each segment the totals of those above it (the scan's carry, which the one
    # block per column had kept in a register). Both kernels' time is counted.
    shfl = p("shfl_scan", "shfl_integral_image.cuh")
    edit(shfl, "    for (int step = 0; step < 135; step++) {",
         "    const int steps = 135 / gridDim.y;\n"
         "    for (int step = blockIdx.y * steps; step < (blockIdx.y + 1) * steps; step++) {")
    edit(shfl, "        *p = sum;\n    }\n}\n",
         "        *p = sum;\n    }\n"
         "    if (threadIdx.y == 0)\n"
         "        img[width * height + blockIdx.y * width + tidx] = stepSum;\n}\n\n"
         "__global__ void shfl_vertical_carry(unsigned int *img, int width, int height)\n{\n"
         "    const int    tidx  = blockIdx.x * blockDim.x + threadIdx.x;\n"
         "    const int    rows  = height / gridDim.y;\n"
         "    unsigned int carry = 0;\n"
         "    if (blockIdx.y == 0)\n        return;\n"
         "    for (int s = 0; s < blockIdx.y; s++)\n"
         "        carry += img[width * height + s * width + tidx];\n"
         "    for (int row = blockIdx.y * rows + threadIdx.y; row < (blockIdx.y + 1) * rows; row += blockDim.y)\n"
         "        img[row * width + tidx] += carry;\n}\n")
    main_cu = p("shfl_scan", "shfl_scan.cu")
    edit(main_cu, "dim3 testGrid(w / blockSz.x, 1);", "dim3 testGrid(w / blockSz.x, 15);")
    edit(main_cu, "    shfl_vertical_shfl<<<testGrid, blockSz>>>((unsigned int *)d_integral_image, w, h);\n",
         "    shfl_vertical_shfl<<<testGrid, blockSz>>>((unsigned int *)d_integral_image, w, h);\n"
         "    shfl_vertical_carry<<<testGrid, blockSz>>>((unsigned int *)d_integral_image, w, h);\n")
    print(f"modified the samples under {root}")


if __name__ == "__main__":
    main()
