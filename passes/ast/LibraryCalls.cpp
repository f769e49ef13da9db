//===- LibraryCalls.cpp - Calls into GPU libraries ------------------------===//

#include "ast/LibraryCalls.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprConcepts.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace headroom::ast {

namespace {

constexpr llvm::StringRef Prefixes[] = {
    "cublas", "cusparse", "cufft",    "curand", "cusolver",
    "cudnn",  "nccl",     "cutensor", "nvjpeg", "npp"};

/// Thrust's functions that take an execution policy but only allocate.
constexpr llvm::StringRef ThrustMemoryFunctions[] = {
    "malloc", "free", "get_temporary_buffer", "return_temporary_buffer"};

/// The members of thrust's device vectors that may construct, copy or fill
/// elements (constructors aside).
constexpr llvm::StringRef ThrustVectorMembers[] = {
    "assign", "resize",    "reserve", "shrink_to_fit",
    "insert", "push_back", "erase"};

/// The named namespaces around a declaration context, outermost first,
/// without inline and anonymous ones.
struct Enclosing {
  std::vector<llvm::StringRef> Namespaces;
  /// A class or function lies between the context and its namespaces.
  bool Nested = false;

  /// Whether the innermost namespace is \p Name.
  bool endsWith(llvm::StringRef Name) const {
    return !Namespaces.empty() && Namespaces.back() == Name;
  }
  /// Whether the namespaces end with \p Outer then \p Inner.
  bool endsWith(llvm::StringRef Outer, llvm::StringRef Inner) const {
    size_t N = Namespaces.size();
    return N >= 2 && Namespaces[N - 2] == Outer && Namespaces[N - 1] == Inner;
  }
};

Enclosing namespacesAround(const clang::DeclContext *DC) {
  Enclosing E;
  for (; DC; DC = DC->getParent()) {
    if (const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(DC)) {
      if (!NS->isInline() && !NS->isAnonymousNamespace())
        E.Namespaces.push_back(NS->getName());
    } else if (llvm::isa<clang::RecordDecl>(DC) ||
               llvm::isa<clang::FunctionDecl>(DC)) {
      E.Nested = true;
    }
  }
  std::reverse(E.Namespaces.begin(), E.Namespaces.end());
  return E;
}

/// The function a name found by lookup refers to; for a template, its
/// templated function.
const clang::FunctionDecl *asFunction(const clang::NamedDecl *D) {
  D = D->getUnderlyingDecl();
  if (const auto *Template = llvm::dyn_cast<clang::FunctionTemplateDecl>(D))
    return Template->getTemplatedDecl();
  return llvm::dyn_cast<clang::FunctionDecl>(D);
}

/// The declaration \p FD was instantiated from, or \p FD.
const clang::FunctionDecl &pattern(const clang::FunctionDecl &FD) {
  if (const clang::FunctionDecl *P = FD.getTemplateInstantiationPattern())
    return *P;
  return FD;
}

/// Whether host code can call \p FD: neither a kernel nor `__device__`
/// only.
bool hostCallable(const clang::FunctionDecl &FD) {
  if (FD.hasAttr<clang::CUDAGlobalAttr>())
    return false;
  return !(FD.hasAttr<clang::CUDADeviceAttr>() &&
           !FD.hasAttr<clang::CUDAHostAttr>());
}

/// The file \p D is declared in, as the file manager names it.
llvm::StringRef declaredIn(const clang::Decl &D,
                           const clang::SourceManager &SM) {
  clang::SourceLocation Loc = SM.getExpansionLoc(D.getLocation());
  if (Loc.isInvalid())
    return "";
  clang::OptionalFileEntryRef Entry =
      SM.getFileEntryRefForID(SM.getFileID(Loc));
  return Entry ? Entry->getName() : "";
}

/// Whether \p Path has a directory component \p Name.
bool hasComponent(llvm::StringRef Path, llvm::StringRef Name) {
  llvm::StringRef Parent = llvm::sys::path::parent_path(Path);
  for (auto It = llvm::sys::path::begin(Parent),
            End = llvm::sys::path::end(Parent);
       It != End; ++It)
    if (*It == Name)
      return true;
  return false;
}

/// Whether the first parameter of \p FD is a thrust execution policy
/// (`const thrust::detail::execution_policy_base<Derived> &`).
bool takesPolicyFirst(const clang::FunctionDecl &FD) {
  if (FD.getNumParams() == 0)
    return false;
  clang::QualType T =
      FD.getParamDecl(0)->getType().getNonReferenceType().getUnqualifiedType();
  const clang::TemplateDecl *Template = nullptr;
  if (const auto *Spec = T->getAs<clang::TemplateSpecializationType>())
    Template = Spec->getTemplateName().getAsTemplateDecl();
  else if (const auto *Record =
               llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
                   T->getAsCXXRecordDecl()))
    Template = Record->getSpecializedTemplate();
  return Template && Template->getIdentifier() &&
         Template->getName() == "execution_policy_base" &&
         namespacesAround(Template->getDeclContext())
             .endsWith("thrust", "detail");
}

/// Whether \p T (a parameter's type) is an allocator.
bool isAllocator(clang::QualType T) {
  const clang::CXXRecordDecl *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  return R && R->getIdentifier() &&
         R->getName().contains_insensitive("allocator");
}

/// The record of the class \p T names (through pointers), or null.
const clang::CXXRecordDecl *recordOf(clang::QualType T) {
  if (T.isNull())
    return nullptr;
  if (const auto *P = T->getAs<clang::PointerType>())
    T = P->getPointeeType();
  return T.getNonReferenceType()->getAsCXXRecordDecl();
}

/// Which thrust vector class \p R is: "device_vector", "universal_vector",
/// "vector_base", "host_vector", or empty.
llvm::StringRef thrustVectorClass(const clang::CXXRecordDecl &R) {
  if (!R.getIdentifier())
    return "";
  Enclosing E = namespacesAround(R.getDeclContext());
  if (E.Nested)
    return "";
  llvm::StringRef Name = R.getName();
  if (E.endsWith("thrust") &&
      (Name == "device_vector" || Name == "universal_vector" ||
       Name == "host_vector"))
    return Name;
  if (E.endsWith("thrust", "detail") && Name == "vector_base")
    return Name;
  return "";
}

/// Whether the thrust vector \p R (a vector_base specialization) allocates
/// on the CUDA system: its allocator names `cuda`, `device` or `universal`.
bool allocatesOnDevice(const clang::CXXRecordDecl &R,
                       const clang::ASTContext &Ctx) {
  const auto *Spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(&R);
  if (!Spec || Spec->getTemplateArgs().size() < 2)
    return false;
  const clang::TemplateArgument &Alloc = Spec->getTemplateArgs()[1];
  if (Alloc.getKind() != clang::TemplateArgument::Type)
    return false;
  std::string Text =
      Alloc.getAsType().getCanonicalType().getAsString(Ctx.getPrintingPolicy());
  llvm::StringRef T(Text);
  return T.contains("cuda") || T.contains("device") || T.contains("universal");
}

/// The name of the thrust alias template \p T is written with
/// (`thrust::universal_vector`), looking through the user's own typedefs
/// and aliases; empty when there is none.
std::string thrustAliasName(clang::QualType T, const clang::ASTContext &Ctx) {
  for (int Steps = 0; !T.isNull() && Steps < 32; ++Steps) {
    if (const auto *Spec =
            llvm::dyn_cast<clang::TemplateSpecializationType>(T.getTypePtr()))
      if (const clang::TemplateDecl *D =
              Spec->getTemplateName().getAsTemplateDecl();
          D && llvm::isa<clang::TypeAliasTemplateDecl>(D)) {
        Enclosing E = namespacesAround(D->getDeclContext());
        if (llvm::is_contained(E.Namespaces, "thrust"))
          return libraryName(*D);
      }
    clang::QualType Next = T.getSingleStepDesugaredType(Ctx);
    if (Next == T)
      break;
    T = Next;
  }
  return "";
}

} // namespace

llvm::ArrayRef<llvm::StringRef> libraryPrefixes() { return Prefixes; }

std::string libraryName(const clang::NamedDecl &D) {
  const clang::NamedDecl *Named = &D;
  if (const auto *Ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(Named))
    Named = Ctor->getParent();
  std::vector<std::string> Parts;
  Parts.push_back(Named->getIdentifier() || !llvm::isa<clang::RecordDecl>(Named)
                      ? Named->getNameAsString()
                      : "(anonymous)");
  for (const clang::DeclContext *DC = Named->getDeclContext(); DC;
       DC = DC->getParent()) {
    if (const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(DC)) {
      if (!NS->isInline() && !NS->isAnonymousNamespace())
        Parts.push_back(NS->getName().str());
    } else if (const auto *R = llvm::dyn_cast<clang::RecordDecl>(DC)) {
      Parts.push_back(R->getIdentifier() ? R->getName().str() : "(anonymous)");
    } else if (llvm::isa<clang::FunctionDecl>(DC)) {
      break;
    }
  }
  std::reverse(Parts.begin(), Parts.end());
  return llvm::join(Parts, "::");
}

LibraryCatalog::LibraryCatalog(std::vector<std::string> HeaderDirectories)
    : HeaderDirectories(std::move(HeaderDirectories)) {
  for (std::string &Dir : this->HeaderDirectories) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Dir = std::string(Path);
    while (Dir.size() > 1 && Dir.back() == '/')
      Dir.pop_back();
  }
}

bool LibraryCatalog::isListedHeader(llvm::StringRef FileName) const {
  for (const std::string &Dir : HeaderDirectories)
    if (FileName.size() > Dir.size() && FileName.starts_with(Dir) &&
        (Dir == "/" || FileName[Dir.size()] == '/'))
      return true;
  return false;
}

bool LibraryCatalog::isThrustAlgorithm(const clang::FunctionDecl &FD) const {
  if (!FD.getIdentifier() || llvm::isa<clang::CXXMethodDecl>(FD) ||
      llvm::is_contained(ThrustMemoryFunctions, FD.getName()))
    return false;
  Enclosing E = namespacesAround(FD.getDeclContext());
  if (E.Nested || !E.endsWith("thrust"))
    return false;
  const clang::DeclContext *DC =
      FD.getDeclContext()->getRedeclContext()->getPrimaryContext();
  auto Key = std::make_pair(static_cast<const void *>(DC),
                            FD.getDeclName().getAsOpaquePtr());
  auto [It, New] = ThrustAlgorithms.try_emplace(Key, false);
  if (New)
    for (const clang::NamedDecl *D : DC->lookup(FD.getDeclName()))
      if (const clang::FunctionDecl *F = asFunction(D);
          F && takesPolicyFirst(*F)) {
        It->second = true;
        break;
      }
  return It->second;
}

std::optional<LibraryFunction>
LibraryCatalog::classifyFree(const clang::FunctionDecl &FD,
                             const clang::ASTContext &Ctx) const {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  const clang::FunctionDecl &First = *FD.getFirstDecl();
  clang::SourceLocation Where = SM.getExpansionLoc(First.getLocation());
  if (Where.isInvalid() || SM.isWrittenInMainFile(Where))
    return std::nullopt;
  // The C APIs.
  if (FD.getIdentifier() &&
      FD.getDeclContext()->getRedeclContext()->isTranslationUnit()) {
    llvm::StringRef Name = FD.getName();
    for (llvm::StringRef Prefix : Prefixes) {
      if (!Name.starts_with(Prefix))
        continue;
      llvm::StringRef File = llvm::sys::path::filename(declaredIn(First, SM));
      if (SM.isInSystemHeader(Where) || File.starts_with_insensitive(Prefix))
        return LibraryFunction{LibraryFamily::CApi, Name.str()};
    }
  }
  // Thrust's algorithms, in thrust's headers.
  const clang::FunctionDecl &P = pattern(FD);
  if (hasComponent(declaredIn(P, SM), "thrust") && isThrustAlgorithm(P))
    return LibraryFunction{LibraryFamily::Thrust, libraryName(P)};
  return std::nullopt;
}

std::optional<LibraryFunction>
LibraryCatalog::classifyMember(const clang::FunctionDecl &FD,
                               clang::QualType ObjectType,
                               const clang::ASTContext &Ctx) const {
  const auto &M = llvm::cast<clang::CXXMethodDecl>(FD);
  const clang::CXXRecordDecl &Class = *M.getParent();
  // Thrust's device vectors.
  if (llvm::StringRef Which = thrustVectorClass(Class); !Which.empty()) {
    const clang::CXXRecordDecl *Object = recordOf(ObjectType);
    if (!Object)
      Object = &Class;
    llvm::StringRef ObjectClass = thrustVectorClass(*Object);
    bool Device =
        ObjectClass == "device_vector" || ObjectClass == "universal_vector" ||
        (ObjectClass == "vector_base" && allocatesOnDevice(*Object, Ctx));
    if (!Device)
      return std::nullopt;
    bool Launches = false;
    if (const auto *Ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(&M)) {
      Launches =
          !Ctor->isMoveConstructor() &&
          llvm::any_of(Ctor->parameters(), [](const clang::ParmVarDecl *P) {
            return !isAllocator(P->getType());
          });
    } else if (M.getOverloadedOperator() == clang::OO_Equal) {
      Launches = !M.isMoveAssignmentOperator();
    } else if (M.getIdentifier()) {
      Launches = llvm::is_contained(ThrustVectorMembers, M.getName());
    }
    if (!Launches)
      return std::nullopt;
    std::string Name = thrustAliasName(ObjectType, Ctx);
    if (Name.empty())
      Name = libraryName(*Object);
    if (!llvm::isa<clang::CXXConstructorDecl>(M))
      Name += "::" + M.getNameAsString();
    return LibraryFunction{LibraryFamily::ThrustVector, Name};
  }
  if (!Class.getIdentifier())
    return std::nullopt;
  Enclosing E = namespacesAround(Class.getDeclContext());
  if (E.Nested)
    return std::nullopt;
  // CUB's device-wide algorithms.
  if (M.isStatic() && E.endsWith("cub") &&
      Class.getName().starts_with("Device"))
    return LibraryFunction{LibraryFamily::Cub, libraryName(pattern(M))};
  // CUTLASS's device-level operators.
  if (!M.isStatic() && E.endsWith("device") && !E.Namespaces.empty() &&
      E.Namespaces.front() == "cutlass" &&
      (M.getOverloadedOperator() == clang::OO_Call ||
       (M.getIdentifier() && M.getName() == "run")))
    return LibraryFunction{LibraryFamily::Cutlass, libraryName(pattern(M))};
  return std::nullopt;
}

std::optional<LibraryFunction>
LibraryCatalog::classifyListed(const clang::FunctionDecl &FD,
                               const clang::ASTContext &Ctx) const {
  if (HeaderDirectories.empty() || FD.isImplicit() || FD.isDeleted() ||
      FD.isDefaulted() || llvm::isa<clang::CXXDestructorDecl>(FD))
    return std::nullopt;
  if (const auto *Ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(&FD);
      Ctor && Ctor->isCopyOrMoveConstructor())
    return std::nullopt;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  const clang::FunctionDecl &P = pattern(FD);
  for (const clang::FunctionDecl *D : P.redecls()) {
    clang::SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
    if (Loc.isInvalid())
      continue;
    clang::FileID File = SM.getFileID(Loc);
    auto [It, New] = ListedFiles.try_emplace(File.getHashValue(), false);
    if (New) {
      if (clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File)) {
        llvm::SmallString<256> Path(Entry->getName());
        SM.getFileManager().makeAbsolutePath(Path);
        llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
        llvm::StringRef Real = Entry->getFileEntry().tryGetRealPathName();
        It->second =
            isListedHeader(Path) || (!Real.empty() && isListedHeader(Real));
      }
    }
    if (It->second)
      return LibraryFunction{LibraryFamily::Listed, libraryName(P)};
  }
  return std::nullopt;
}

std::optional<LibraryFunction>
LibraryCatalog::classify(const clang::FunctionDecl &FD,
                         clang::QualType ObjectType,
                         const clang::ASTContext &Ctx) const {
  if (!hostCallable(FD))
    return std::nullopt;
  std::optional<LibraryFunction> Found =
      llvm::isa<clang::CXXMethodDecl>(FD) ? classifyMember(FD, ObjectType, Ctx)
                                          : classifyFree(FD, Ctx);
  if (!Found)
    Found = classifyListed(FD, Ctx);
  return Found;
}

//===----------------------------------------------------------------------===//
// Call sites
//===----------------------------------------------------------------------===//

namespace {

/// Where a call runs, as far as bracketing it goes.
struct CallContext {
  /// The call is never evaluated where it is written at run time.
  bool Skip = false;
  /// Inside a function, lambda or member initializer: block scope, where a
  /// lambda may capture by reference.
  bool BlockScope = false;
  /// In a default member initializer.
  bool MemberInitializer = false;
};

/// Whether \p Parent keeps \p Child from being evaluated at run time where
/// it is written.
bool notEvaluated(const clang::DynTypedNode &Parent,
                  const clang::DynTypedNode &Child) {
  if (Parent.get<clang::TypeLoc>() ||
      Parent.get<clang::TemplateArgumentLoc>() ||
      Parent.get<clang::NestedNameSpecifierLoc>() || Parent.get<clang::Attr>())
    return true;
  const auto *S = Parent.get<clang::Stmt>();
  if (!S)
    return false;
  if (llvm::isa<clang::UnaryExprOrTypeTraitExpr, clang::CXXNoexceptExpr,
                clang::ConstantExpr, clang::RequiresExpr,
                clang::ConceptSpecializationExpr, clang::CXXDefaultArgExpr,
                clang::GenericSelectionExpr>(S))
    return true;
  if (const auto *TypeId = llvm::dyn_cast<clang::CXXTypeidExpr>(S))
    return !TypeId->isPotentiallyEvaluated();
  if (const auto *If = llvm::dyn_cast<clang::IfStmt>(S))
    return If->isConstexpr() && Child.get<clang::Stmt>() &&
           (Child.get<clang::Stmt>() == If->getCond() ||
            Child.get<clang::Stmt>() == If->getInit());
  return false;
}

/// Whether the lambda \p L is written `constexpr` or `consteval` (clang
/// makes the call operator of a lambda that qualifies constexpr by itself,
/// since C++17; only the written keyword says it is meant for constant
/// evaluation).
bool writtenConstexpr(const clang::CXXMethodDecl &CallOperator,
                      const clang::ASTContext &Ctx) {
  if (CallOperator.isConsteval())
    return true;
  if (!CallOperator.isConstexpr() || !CallOperator.getBody())
    return false;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::CharSourceRange Head = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getCharRange(
          CallOperator.getParent()->getBeginLoc(),
          CallOperator.getBody()->getBeginLoc()),
      SM, Ctx.getLangOpts());
  if (Head.isInvalid())
    return false;
  llvm::StringRef Text =
      clang::Lexer::getSourceText(Head, SM, Ctx.getLangOpts());
  for (llvm::StringRef Keyword : {"constexpr", "consteval"})
    for (size_t At = Text.find(Keyword); At != llvm::StringRef::npos;
         At = Text.find(Keyword, At + 1)) {
      bool Before =
          At > 0 && (llvm::isAlnum(Text[At - 1]) || Text[At - 1] == '_');
      size_t End = At + Keyword.size();
      bool After =
          End < Text.size() && (llvm::isAlnum(Text[End]) || Text[End] == '_');
      if (!Before && !After)
        return true;
    }
  return false;
}

CallContext contextOf(const clang::Expr &E, clang::ASTContext &Ctx) {
  CallContext C;
  clang::DynTypedNode Node = clang::DynTypedNode::create(E);
  bool ScopeKnown = false;
  auto Decide = [&](bool Block, bool Member = false) {
    if (!ScopeKnown) {
      C.BlockScope = Block;
      C.MemberInitializer = Member;
      ScopeKnown = true;
    }
  };
  for (int Depth = 0; Depth < 4096; ++Depth) {
    clang::DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      break;
    for (const clang::DynTypedNode &P : Parents)
      if (notEvaluated(P, Node)) {
        C.Skip = true;
        return C;
      }
    // A lambda's body has its lambda and its call operator as parents; a
    // default member initializer its field and each constructor's use.
    const clang::DynTypedNode *Next = &Parents[0];
    for (const clang::DynTypedNode &P : Parents)
      if (Next->get<clang::CXXDefaultInitExpr>() &&
          !P.get<clang::CXXDefaultInitExpr>())
        Next = &P;
    for (const clang::DynTypedNode &P : Parents)
      if (P.get<clang::LambdaExpr>())
        Next = &P;
    if (Next->get<clang::CXXDefaultInitExpr>()) {
      C.Skip = true;
      return C;
    }
    const clang::DynTypedNode &P = *Next;
    if (const auto *Lambda = P.get<clang::LambdaExpr>()) {
      if (writtenConstexpr(*Lambda->getCallOperator(), Ctx)) {
        C.Skip = true;
        return C;
      }
      Decide(/*Block=*/true);
    } else if (const auto *D = P.get<clang::Decl>()) {
      if (llvm::isa<clang::ParmVarDecl, clang::NonTypeTemplateParmDecl,
                    clang::TemplateTypeParmDecl, clang::StaticAssertDecl,
                    clang::EnumConstantDecl>(D)) {
        C.Skip = true;
        return C;
      }
      if (const auto *Var = llvm::dyn_cast<clang::VarDecl>(D)) {
        if (Var->isConstexpr()) {
          C.Skip = true;
          return C;
        }
        if (!Var->isLocalVarDeclOrParm()) {
          Decide(/*Block=*/false);
          return C;
        }
      } else if (llvm::isa<clang::FieldDecl>(D)) {
        Decide(/*Block=*/false, /*Member=*/true);
        return C;
      } else if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D)) {
        if (F->isImplicit() || F->isDefaulted() ||
            (F->isConstexpr() && !clang::isLambdaCallOperator(F))) {
          C.Skip = true;
          return C;
        }
        if (!clang::isLambdaCallOperator(F)) {
          Decide(/*Block=*/true);
          return C;
        }
        if (writtenConstexpr(*llvm::cast<clang::CXXMethodDecl>(F), Ctx)) {
          C.Skip = true;
          return C;
        }
        Decide(/*Block=*/true);
      } else if (const auto *R = llvm::dyn_cast<clang::CXXRecordDecl>(D);
                 R && R->isLambda()) {
        // A lambda's closure: the code around the lambda decides.
      } else if (llvm::isa<clang::TranslationUnitDecl, clang::NamespaceDecl,
                           clang::RecordDecl, clang::LinkageSpecDecl>(D)) {
        Decide(/*Block=*/false);
        return C;
      }
    }
    Node = P;
  }
  Decide(/*Block=*/false);
  return C;
}

/// Whether \p S names a structured binding or holds an unexpanded
/// parameter pack or a coroutine suspension: what a lambda around it
/// cannot hold (before C++20, for bindings).
bool lambdaCannotHold(const clang::Stmt *S, const clang::LangOptions &LO) {
  if (!S)
    return false;
  if (const auto *E = llvm::dyn_cast<clang::Expr>(S))
    if (E->containsUnexpandedParameterPack())
      return true;
  if (llvm::isa<clang::CoawaitExpr, clang::CoyieldExpr,
                clang::DependentCoawaitExpr>(S))
    return true;
  if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(S))
    if (llvm::isa<clang::BindingDecl>(Ref->getDecl()) && !LO.CPlusPlus20)
      return true;
  for (const clang::Stmt *Child : S->children())
    if (lambdaCannotHold(Child, LO))
      return true;
  return false;
}

/// How the bracket of a call \p E in context \p C is written.
CallBracket bracketFor(const clang::Expr &E, const CallContext &C,
                       const clang::LangOptions &LO) {
  if (!LO.CPlusPlus14 || C.MemberInitializer || lambdaCannotHold(&E, LO))
    return CallBracket::Temporary;
  return C.BlockScope ? CallBracket::Lambda : CallBracket::LambdaWithoutCapture;
}

/// The name of a C API function as the call spells it: cuBLAS's
/// `#define cublasSgemm cublasSgemm_v2` names the scope `cublasSgemm`.
std::string spelledName(const clang::CallExpr &Call, llvm::StringRef Declared,
                        const clang::ASTContext &Ctx) {
  const clang::Expr *Callee = Call.getCallee()->IgnoreParenImpCasts();
  const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(Callee);
  if (!Ref)
    return Declared.str();
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::SourceLocation Loc = SM.getFileLoc(Ref->getLocation());
  clang::Token Tok;
  if (clang::Lexer::getRawToken(Loc, Tok, SM, Ctx.getLangOpts(),
                                /*IgnoreWhiteSpace=*/false) ||
      !Tok.is(clang::tok::raw_identifier))
    return Declared.str();
  llvm::StringRef Spelled = Tok.getRawIdentifier();
  return Declared.starts_with(Spelled) ? Spelled.str() : Declared.str();
}

/// The type of the object \p Call calls a member on, as written.
clang::QualType objectTypeOf(const clang::CallExpr &Call) {
  if (const auto *Member = llvm::dyn_cast<clang::CXXMemberCallExpr>(&Call)) {
    const clang::Expr *Object = Member->getImplicitObjectArgument();
    if (!Object)
      return {};
    clang::QualType T = Object->IgnoreImpCasts()->getType();
    if (const auto *P = T->getAs<clang::PointerType>())
      T = P->getPointeeType();
    return T;
  }
  if (const auto *Op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(&Call))
    if (Op->getNumArgs() > 0)
      return Op->getArg(0)->IgnoreImpCasts()->getType();
  return {};
}

} // namespace

std::optional<LibraryCallMatch>
matchLibraryCall(const clang::CallExpr &Call, clang::ASTContext &Ctx,
                 const LibraryCatalog &Catalog) {
  if (llvm::isa<clang::CUDAKernelCallExpr>(Call))
    return std::nullopt;
  std::optional<LibraryFunction> Callee;
  if (const clang::FunctionDecl *FD = Call.getDirectCallee()) {
    Callee = Catalog.classify(*FD, objectTypeOf(Call), Ctx);
    if (Callee && Callee->Family == LibraryFamily::CApi)
      Callee->Name = spelledName(Call, Callee->Name, Ctx);
  } else if (const auto *Overloads = llvm::dyn_cast<clang::OverloadExpr>(
                 Call.getCallee()->IgnoreParenImpCasts())) {
    // A dependent call in a template: every candidate must be a library
    // function (an instantiation decides the others).
    clang::QualType Object;
    if (const auto *Member =
            llvm::dyn_cast<clang::UnresolvedMemberExpr>(Overloads))
      Object = Member->getBaseType();
    for (const clang::NamedDecl *D : Overloads->decls()) {
      const clang::FunctionDecl *FD = asFunction(D);
      std::optional<LibraryFunction> One =
          FD ? Catalog.classify(*FD, Object, Ctx) : std::nullopt;
      if (!One)
        return std::nullopt;
      if (!Callee)
        Callee = One;
    }
  }
  if (!Callee)
    return std::nullopt;
  CallContext C = contextOf(Call, Ctx);
  if (C.Skip)
    return std::nullopt;
  LibraryCallMatch M;
  M.Callee = std::move(*Callee);
  M.Expression = &Call;
  M.Wrapped = &Call;
  M.Position = Call.getBeginLoc();
  M.Bracket = bracketFor(Call, C, Ctx.getLangOpts());
  return M;
}

namespace {

/// The node around \p E once the implicit ones (cleanups, temporaries,
/// implicit casts) are passed.
std::optional<clang::DynTypedNode> writtenParent(const clang::Expr &E,
                                                 clang::ASTContext &Ctx) {
  clang::DynTypedNode Node = clang::DynTypedNode::create(E);
  for (int Depth = 0; Depth < 64; ++Depth) {
    clang::DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return std::nullopt;
    const auto *P = Parents[0].get<clang::Expr>();
    if (!P ||
        !llvm::isa<clang::ExprWithCleanups, clang::MaterializeTemporaryExpr,
                   clang::CXXBindTemporaryExpr, clang::ImplicitCastExpr>(P))
      return Parents[0];
    Node = Parents[0];
  }
  return std::nullopt;
}

/// The member or base initializer \p Construct is, when its parent
/// \p Parent is one (or the constructor it belongs to).
const clang::CXXCtorInitializer *
initializerOf(const clang::CXXConstructExpr &Construct,
              const clang::DynTypedNode *Parent) {
  if (!Parent)
    return nullptr;
  if (const auto *Init = Parent->get<clang::CXXCtorInitializer>())
    return Init;
  if (const auto *Ctor = Parent->get<clang::CXXConstructorDecl>())
    for (const clang::CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten() && Init->getInit() &&
          Init->getInit()->IgnoreImplicit() == &Construct)
        return Init;
  return nullptr;
}

/// The arguments of \p Construct as written: without default arguments,
/// an initializer list's elements in its place.
std::vector<const clang::Expr *>
writtenArguments(const clang::CXXConstructExpr &Construct) {
  std::vector<const clang::Expr *> Args;
  for (const clang::Expr *A : Construct.arguments()) {
    if (llvm::isa<clang::CXXDefaultArgExpr>(A))
      continue;
    const clang::Expr *Inner = A->IgnoreImplicit();
    if (const auto *List =
            llvm::dyn_cast<clang::CXXStdInitializerListExpr>(Inner)) {
      if (const auto *Init = llvm::dyn_cast<clang::InitListExpr>(
              List->getSubExpr()->IgnoreImplicit()))
        for (const clang::Expr *Element : Init->inits())
          Args.push_back(Element);
      continue;
    }
    Args.push_back(A);
  }
  return Args;
}

/// Whether the braced argument \p A may carry a bracket: it is not a
/// constant converted to its parameter's type, which the bracket would
/// turn into a narrowing conversion of a non-constant.
bool carriesInBraces(const clang::Expr &A, const clang::ASTContext &Ctx) {
  bool Converted = false;
  const clang::Expr *E = &A;
  while (const auto *Cast = llvm::dyn_cast<clang::ImplicitCastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case clang::CK_IntegralCast:
    case clang::CK_IntegralToFloating:
    case clang::CK_FloatingToIntegral:
    case clang::CK_FloatingCast:
    case clang::CK_IntegralToBoolean:
    case clang::CK_FloatingToBoolean:
    case clang::CK_PointerToBoolean:
    case clang::CK_BooleanToSignedIntegral:
      Converted = true;
      break;
    default:
      break;
    }
    E = Cast->getSubExpr();
  }
  if (!Converted)
    return true;
  if (A.isValueDependent())
    return false;
  return !A.isCXX11ConstantExpr(Ctx);
}

} // namespace

std::optional<LibraryCallMatch>
matchLibraryConstruction(const clang::CXXConstructExpr &Construct,
                         clang::ASTContext &Ctx,
                         const LibraryCatalog &Catalog) {
  const clang::CXXConstructorDecl *Ctor = Construct.getConstructor();
  if (!Ctor || Construct.isElidable())
    return std::nullopt;
  // What the construction is written as: a temporary or new-expression (an
  // expression of its own), or the initializer of a variable or member.
  const clang::Expr *Whole = nullptr;
  clang::QualType Written;
  clang::SourceLocation Position;
  bool Declaration = false;
  std::optional<clang::DynTypedNode> Around = writtenParent(Construct, Ctx);
  const clang::DynTypedNode *Parent = Around ? &*Around : nullptr;
  if (const auto *Temporary =
          llvm::dyn_cast<clang::CXXTemporaryObjectExpr>(&Construct)) {
    Whole = Temporary;
    Written = Temporary->getTypeSourceInfo()->getType();
  } else if (const auto *Cast =
                 Parent ? Parent->get<clang::CXXFunctionalCastExpr>()
                        : nullptr) {
    Whole = Cast;
    Written = Cast->getTypeAsWritten();
  } else if (const auto *New =
                 Parent ? Parent->get<clang::CXXNewExpr>() : nullptr) {
    Whole = New;
    Written = New->getAllocatedType();
  } else if (const auto *Var = Parent ? Parent->get<clang::VarDecl>() : nullptr;
             Var && Var->getInit() &&
             Var->getInit()->IgnoreImplicit() == &Construct) {
    Declaration = true;
    Written = Var->getType();
    Position = Var->getLocation();
  } else if (const clang::CXXCtorInitializer *Init =
                 initializerOf(Construct, Parent)) {
    Declaration = true;
    if (const clang::FieldDecl *Field = Init->getMember())
      Written = Field->getType();
    else if (const clang::Type *Base = Init->getBaseClass())
      Written = clang::QualType(Base, 0);
    Position = Init->getSourceLocation();
  } else {
    return std::nullopt;
  }
  std::optional<LibraryFunction> Callee = Catalog.classify(*Ctor, Written, Ctx);
  if (!Callee)
    return std::nullopt;
  const clang::Expr &Context = Whole ? *Whole : Construct;
  CallContext C = contextOf(Context, Ctx);
  if (C.Skip)
    return std::nullopt;
  LibraryCallMatch M;
  M.Callee = std::move(*Callee);
  M.Expression = &Context;
  if (!Declaration) {
    M.Wrapped = Whole;
    M.Position = Whole->getBeginLoc();
    M.Bracket = bracketFor(*Whole, C, Ctx.getLangOpts());
    return M;
  }
  // A declaration is not an expression: the guard temporary goes into an
  // argument, and lives until the initialization (its full-expression)
  // ends, after the constructor has run.
  M.Position = Position;
  M.Bracket = CallBracket::Temporary;
  M.InArgument = true;
  bool Braced = Construct.isListInitialization() ||
                Construct.isStdInitListInitialization();
  for (const clang::Expr *A : writtenArguments(Construct))
    if (!Braced || carriesInBraces(*A, Ctx)) {
      M.Wrapped = A;
      break;
    }
  if (!M.Wrapped && writtenArguments(Construct).empty())
    return std::nullopt;
  return M;
}

} // namespace headroom::ast
