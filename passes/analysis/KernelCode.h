//===- KernelCode.h - A program's SASS, as stall samples need ---*- C++ -*-===//
///
/// \file
/// What a function's compiled code says of each of its instructions, for
/// the warp-stall samples the profile holds per SASS offset: the basic
/// block and the innermost loop it sits in, its role (a global load, a
/// barrier, ...), per stall reason the instruction a warp sampled there
/// with that reason waits on (its blame), and, where the listing has them,
/// the source frames of an inlined call it belongs to. sass/StallBlame.h
/// builds it from `cuobjdump -sass` or `nvdisasm -gi` text;
/// analysis/HotLineCode.h reads it. Numbers
/// and roles only: checks/CodeRoleWords.h words the roles.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_KERNELCODE_H
#define HEADROOM_ANALYSIS_KERNELCODE_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// What an instruction is to a stall it may cause.
enum class CodeRole {
  Other,
  GlobalLoad,      ///< LDG
  LocalLoad,       ///< LDL
  GenericLoad,     ///< LD: global, local or shared, by address
  TextureLoad,     ///< TEX, TLD, TLD4, TXD, ...
  GlobalAtomic,    ///< ATOMG, ATOM, RED
  GlobalStore,     ///< STG, ST
  LocalStore,      ///< STL
  SharedLoad,      ///< LDS, LDSM
  SharedAtomic,    ///< ATOMS
  SharedStore,     ///< STS
  SpecialFunction, ///< MUFU: the SFU
  Shuffle,         ///< SHFL
  Barrier,         ///< BAR
  MemoryBarrier,   ///< MEMBAR
  Branch,          ///< BRA, BRX, JMP, JMX, CALL, RET
};

/// "global_load", ...: the role's name in JSON.
const char *codeRoleName(CodeRole R);

/// One frame of an instruction's source position: a file as the compiler
/// named it and a line.
struct CodeFrame {
  std::string File;
  unsigned Line = 0;

  bool operator==(const CodeFrame &) const = default;
};

/// One instruction of a function.
struct CodeInstruction {
  /// Its byte offset in the function, as the profile's `offset`.
  std::uint64_t Offset = 0;
  /// The opcode with its modifiers ("LDG.E.64").
  std::string Opcode;
  CodeRole Role = CodeRole::Other;
  /// The position (in FunctionCode::Instructions) of its basic block's
  /// first instruction.
  std::size_t Block = 0;
  /// Its innermost loop (a position in FunctionCode::Loops); absent
  /// outside loops and in code that no path from the entry reaches.
  std::optional<std::size_t> Loop;
  /// Per stall reason (CUPTI's name), the position of the instruction a
  /// warp sampled here with that reason waits on; absent for reasons that
  /// blame none, and where the walk found none (sass/StallBlame.h).
  std::map<std::string, std::size_t> Blame;
  /// A global, local, generic or texture load only: the position of the
  /// load of that kind whose value its address is computed from (the
  /// nearest one the address registers' backward slice meets,
  /// sass/StallBlame.h); absent where the slice meets none.
  std::optional<std::size_t> AddressFrom;
  /// Where the listing has inlined line info (`nvdisasm -gi`,
  /// sass/InlinedLines.h): its source frames, innermost first, the last the
  /// line of the function it was compiled into (the kernel's own line of an
  /// inlined call); one frame where it is not inlined. Empty elsewhere.
  std::vector<CodeFrame> Frames;
};

/// One natural loop: a header and the blocks that reach a branch back to
/// it without passing it.
struct CodeLoop {
  /// The lowest and the highest offset of its instructions: the loop's
  /// address range (a loop's blocks need not be contiguous; the range
  /// holds them all).
  std::uint64_t First = 0, Last = 0;
  /// The loop it is nested in (a position in FunctionCode::Loops).
  std::optional<std::size_t> Parent;

  bool contains(std::uint64_t Offset) const {
    return Offset >= First && Offset <= Last;
  }
};

/// One function's instructions, in the listing's order (cuobjdump prints them
/// by address), and its loops.
struct FunctionCode {
  std::string Name;
  std::vector<CodeInstruction> Instructions;
  std::vector<CodeLoop> Loops;

  /// The position of the instruction at \p Offset; absent when none is.
  std::optional<std::size_t> indexOf(std::uint64_t Offset) const;
};

/// The functions of a program's SASS, by mangled name.
class KernelCodeIndex {
public:
  /// Adds \p F; a function already there keeps its first code.
  void add(FunctionCode F);
  /// The code of \p Mangled, else of the one function whose demangled
  /// signature is that of \p Mangled (nvcc and clang name anonymous
  /// namespaces differently, and a profile of an instrumented build may
  /// meet the SASS of a plain one, as model/StaticFacts.h finds kernels);
  /// null when neither is known or the signature names several.
  const FunctionCode *find(const std::string &Mangled) const;
  std::size_t size() const { return ByName.size(); }

private:
  std::map<std::string, FunctionCode> ByName;
  /// Demangled signature -> mangled name; empty where several share it.
  std::map<std::string, std::string> BySignature;
};

} // namespace headroom

#endif // HEADROOM_ANALYSIS_KERNELCODE_H
