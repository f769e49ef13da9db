//===- HostOnlyRegions.h - Host-only preprocessor branches ------*- C++ -*-===//
///
/// \file
/// Records which parts of each file are compiled only for the host: the
/// branches of `#ifndef __CUDA_ARCH__`, `#if !defined(__CUDA_ARCH__)` and
/// `#if !__CUDA_ARCH__`, and every branch after a `defined(__CUDA_ARCH__)`
/// one (the `#else` of `#ifdef __CUDA_ARCH__`). A launch in a
/// `__host__ __device__` function can take host hooks only there.
///
/// Conditions are recognised by their spelling (comments and whitespace
/// ignored); a macro that merely expands to such a test is not.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_HOSTONLYREGIONS_H
#define HEADROOM_AST_HOSTONLYREGIONS_H

#include "clang/Basic/SourceLocation.h"

#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace clang {
class PPCallbacks;
class SourceManager;
} // namespace clang

namespace headroom::ast {

/// The host-only byte ranges of the files of one translation unit (each
/// entry of a file), filled by preprocessor callbacks while it is parsed.
class HostOnlyRegions {
public:
  /// Callbacks to add to the preprocessor of the parse. They write into this
  /// object, which must outlive them; SM must be the parse's SourceManager.
  std::unique_ptr<clang::PPCallbacks>
  makeCallbacks(const clang::SourceManager &SM);

  /// Whether byte \p Offset of \p File lies in a host-only branch.
  bool contains(clang::FileID File, unsigned Offset) const;

  /// Called by the callbacks: [Begin, End) of \p File is host-only.
  void add(clang::FileID File, unsigned Begin, unsigned End) {
    Ranges[File.getHashValue()].emplace_back(Begin, End);
  }

private:
  /// By FileID.
  std::map<unsigned, std::vector<std::pair<unsigned, unsigned>>> Ranges;
};

} // namespace headroom::ast

#endif // HEADROOM_AST_HOSTONLYREGIONS_H
