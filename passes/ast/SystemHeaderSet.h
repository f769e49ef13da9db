//===- SystemHeaderSet.h - The system headers a source includes -*- C++ -*-===//
///
/// \file
/// The system headers that a translation unit's own files include: its
/// forced includes, its main file and the headers they include from the
/// project's directories, read as text before the parse
/// (support/CudaText.h). A precompiled header of clang's CUDA wrapper
/// (HeaderPch.h) holds them too, so that a parse through it reads the C++
/// library's and the toolkit's headers (`<iostream>`,
/// `<cooperative_groups.h>`) lazily as well.
///
/// A header is in the set when clang would find it first in a system
/// directory of the parse (`-isystem` and the driver's own: the C++ and C
/// libraries', the toolkit's, clang's): a quoted include is looked for in
/// its includer's directory and the `-iquote` directories, then, as an
/// angled one, in the `-I` directories, then in the system directories; a
/// `-I` directory that is also a system directory is one, as clang has it.
/// A header found elsewhere is one of the own files and is read in turn.
///
/// The text is read, not preprocessed: includes in `#if 0` blocks and
/// comments count too, so the set may name headers the parse does not
/// include (the PCH then declares more than the parse would see); a header
/// that is not found is left out.
///
/// Read through the PCH, the set's headers come first, before any of the
/// own files' code. What the own files do before an include can make that
/// differ from the parse without it, so:
///
/// - the macros they define or undefine before the set's last header are
///   listed (MacrosBefore), with the conditionals around them: HeaderPch.h
///   uses the set only where none of them that may be active
///   (macroChangingHeaders()) is a name its headers use;
/// - a pragma before it that may change a header (`#pragma pack`, anything
///   but diagnostics, messages and `once`), a system header included
///   inside braces (`extern "C" {`, `namespace n {`, directly or through a
///   project header), a computed include, and too many files to read make
///   no set (Blocked says why).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_SYSTEMHEADERSET_H
#define HEADROOM_AST_SYSTEMHEADERSET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class HeaderSearchOptions;
} // namespace clang

namespace llvm::vfs {
class FileSystem;
} // namespace llvm::vfs

namespace headroom::ast {

/// A `#define` or `#undef` of a source's own files.
struct OwnMacro {
  std::string Name;
  bool Defines = false;
  /// One conditional group it is in: the conditions of the group's
  /// branches before its own, then its own (`1` for `#else`), as written
  /// (`#ifdef X` as `defined(X)`).
  using Branch = std::vector<std::string>;
  /// The groups it is in, outermost first.
  std::vector<Branch> Under;
};

/// The system headers of a translation unit (see the file comment).
struct SystemHeaderSet {
  /// The headers as `#include <...>` names them, in the order the own files
  /// first include them.
  std::vector<std::string> Headers;
  /// The macros the own files define or undefine before the last of them,
  /// in order.
  std::vector<OwnMacro> MacrosBefore;
  /// Why there is no set; empty when there is one (which may be empty).
  std::string Blocked;
};

/// The system headers that \p OwnFiles (absolute paths: the forced
/// includes, then the main file) and the project headers they include
/// include, as the parse with \p Search would find them, read through
/// \p FS.
SystemHeaderSet findSystemHeaders(const clang::HeaderSearchOptions &Search,
                                  llvm::ArrayRef<std::string> OwnFiles,
                                  llvm::vfs::FileSystem &FS);

/// The first macro of \p Set's MacrosBefore that may be active, as its
/// conditions read (one known false, or one before it known true, and it
/// is not), and that \p Used says a header of the set uses; nothing when
/// none is. \p Defined says whether clang's predefined macros, the command
/// line or a system header ever define a name: a condition on a name that
/// nothing defines, not even the own files before it, is known.
std::optional<std::string>
macroChangingHeaders(const SystemHeaderSet &Set,
                     llvm::function_ref<bool(llvm::StringRef)> Used,
                     llvm::function_ref<bool(llvm::StringRef)> Defined);

} // namespace headroom::ast

#endif // HEADROOM_AST_SYSTEMHEADERSET_H
