//===- LibraryCalls.h - Calls into GPU libraries ----------------*- C++ -*-===//
///
/// \file
/// Which calls of the user's host code go into a GPU library, so that
/// `headroom instrument` brackets each with a scope and the kernels the
/// library launches are attributed to the user's line (docs/instrument.md,
/// "Library calls"). A LibraryCatalog decides from a function's declaration:
///
/// - the C APIs, by name prefix (`cublas` with `cublasLt`, `cusparse`,
///   `cufft`, `curand`, `cusolver`, `cudnn`, `nccl`, `cutensor`, `nvjpeg`,
///   `npp`): a function of the global namespace that host code can call,
///   declared in a system header or in a header whose file name has the
///   same prefix (`-I/opt/nccl/include` holds nccl.h);
/// - Thrust's algorithms: a function of namespace `thrust` (inline
///   namespaces ignored), declared in thrust's headers, of which an overload
///   takes an execution policy first: every algorithm that dispatches to a
///   backend has one, while the utilities that never launch (make_*, get,
///   tie, raw_pointer_cast, distance, advance, swap, ...) have none; the
///   memory functions with one (malloc, free, get/return_temporary_buffer)
///   allocate only and are left out;
/// - the members of thrust's device vectors that may construct, copy or
///   fill elements: constructors other than the default, the move and the
///   allocator-only one; operator= (not the move assignment), assign,
///   resize, reserve, shrink_to_fit, insert, push_back, erase. A device
///   vector is `thrust::device_vector`, or `thrust::detail::vector_base`
///   with an allocator of the CUDA system (`thrust::universal_vector`);
///   `thrust::host_vector` is not one;
/// - CUB's device-wide algorithms: the static members of the classes named
///   `Device*` of namespace `cub` (both calls of a two-phase algorithm);
/// - CUTLASS's device-level operators: `operator()` and `run` of the classes
///   of a namespace `cutlass::...::device`;
/// - every function, member and constructor (not implicit, copy or move)
///   declared in a header under one of the directories given with
///   `--library-header`.
///
/// The call sites themselves (which expression is bracketed and how, in
/// which contexts calls are left alone) are matched by matchLibraryCall()
/// and matchLibraryConstruction().
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_LIBRARYCALLS_H
#define HEADROOM_AST_LIBRARYCALLS_H

#include "ast/LaunchSite.h"

#include "clang/AST/Type.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CXXConstructExpr;
class Expr;
class FunctionDecl;
class NamedDecl;
} // namespace clang

namespace headroom::ast {

/// The kinds of library functions recognized.
enum class LibraryFamily { CApi, Thrust, ThrustVector, Cub, Cutlass, Listed };

/// A function recognized as a GPU library's.
struct LibraryFunction {
  LibraryFamily Family = LibraryFamily::CApi;
  /// The scope's name: `cublasSgemm`, `thrust::sort`,
  /// `thrust::device_vector::resize`, `thrust::device_vector` (a
  /// constructor), `cub::DeviceRadixSort::SortKeys`,
  /// `cutlass::gemm::device::Gemm::operator()`.
  std::string Name;
};

/// Decides which functions belong to GPU libraries (see the file comment).
/// Caches what it found per declaration context and file; one catalog
/// serves one AST.
class LibraryCatalog {
public:
  /// \p HeaderDirectories: absolute directories whose headers' functions
  /// are library functions (`--library-header`).
  explicit LibraryCatalog(std::vector<std::string> HeaderDirectories = {});

  /// Whether \p FD is a library function that may launch kernels, and its
  /// scope's name. \p ObjectType is, for a member, the type of the object
  /// it is called on or, for a constructor, the type constructed, as
  /// written (with its sugar: `thrust::universal_vector<int>` names the
  /// scope); null for a free function.
  std::optional<LibraryFunction> classify(const clang::FunctionDecl &FD,
                                          clang::QualType ObjectType,
                                          const clang::ASTContext &Ctx) const;

  /// Whether \p FileName (absolute) is under a --library-header directory.
  bool isListedHeader(llvm::StringRef FileName) const;

private:
  std::optional<LibraryFunction>
  classifyMember(const clang::FunctionDecl &FD, clang::QualType ObjectType,
                 const clang::ASTContext &Ctx) const;
  std::optional<LibraryFunction>
  classifyFree(const clang::FunctionDecl &FD,
               const clang::ASTContext &Ctx) const;
  std::optional<LibraryFunction>
  classifyListed(const clang::FunctionDecl &FD,
                 const clang::ASTContext &Ctx) const;
  bool isThrustAlgorithm(const clang::FunctionDecl &FD) const;

  std::vector<std::string> HeaderDirectories;
  /// Per (namespace, name): whether an overload takes an execution policy.
  mutable llvm::DenseMap<std::pair<const void *, const void *>, bool>
      ThrustAlgorithms;
  /// Per file (its FileID's hash): whether it is under a listed directory.
  mutable llvm::DenseMap<unsigned, bool> ListedFiles;
};

/// The qualified name of \p D as a scope names it: without inline and
/// anonymous namespaces and without template arguments; a constructor is
/// named by its class.
std::string libraryName(const clang::NamedDecl &D);

/// The name prefixes of the C APIs recognized.
llvm::ArrayRef<llvm::StringRef> libraryPrefixes();

/// A library call found in the AST: what is bracketed, how, and its name.
struct LibraryCallMatch {
  LibraryFunction Callee;
  /// The call or construction.
  const clang::Expr *Expression = nullptr;
  /// Whether Wrapped is an argument of a declaration's construction.
  bool InArgument = false;
  /// The expression whose text is bracketed: the call, the temporary or
  /// new-expression constructed, or the argument of a declaration that
  /// carries the bracket. Null when a declaration has no argument that can
  /// carry it (SiteStatus::NoPlaceForBracket).
  const clang::Expr *Wrapped = nullptr;
  /// Where the scope is: the first character of the call, or the name of
  /// the variable or member a declaration constructs.
  clang::SourceLocation Position;
  CallBracket Bracket = CallBracket::Lambda;
};

/// The library call \p Call is, when it is one that runs where it is
/// written, in host code that is not constant-evaluated: not in an
/// unevaluated operand (decltype, sizeof, noexcept, typeid of a
/// non-polymorphic type, requires), a constant expression (static_assert,
/// `if constexpr`, template arguments, array bounds, case labels), a
/// constexpr or consteval function, a default argument or implicit code.
/// Dependent calls of a template's pattern count when every candidate is a
/// library function; whether the code is host code is the caller's
/// question (ExecutionSpace.h).
std::optional<LibraryCallMatch> matchLibraryCall(const clang::CallExpr &Call,
                                                 clang::ASTContext &Ctx,
                                                 const LibraryCatalog &Catalog);

/// The same for a construction a user wrote: a temporary (`T(args)`,
/// `T{args}`), a new-expression, or the initialization of a variable or a
/// member (`T v(args);`, `T v{args};`, `T v = x;`, `: v(args)`), which is
/// bracketed inside its first argument (a braced one: its first argument
/// that stays as constant as it was). Implicit constructions (a copy into
/// a parameter, a return value, a lambda capture) are not calls the user
/// wrote and are left out.
std::optional<LibraryCallMatch>
matchLibraryConstruction(const clang::CXXConstructExpr &Construct,
                         clang::ASTContext &Ctx, const LibraryCatalog &Catalog);

} // namespace headroom::ast

#endif // HEADROOM_AST_LIBRARYCALLS_H
