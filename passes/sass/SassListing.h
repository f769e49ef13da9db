//===- SassListing.h - cuobjdump -sass text as kernels ----------*- C++ -*-===//
///
/// \file
/// The SASS of a compiled object as `cuobjdump -sass` prints it: per GPU
/// architecture (`code for sm_90`), per function (`Function : _Z5saxpy...`),
/// one instruction per `/*0040*/` line with its optional guard predicate,
/// its opcode with modifiers and its operands, and the `.L_x_N:` labels that
/// branches name. Encodings (the `/* 0x... */` comments) are ignored. This is
/// the one reader of that text; everything the static mix says starts here.
/// It reads `nvdisasm` output of a cubin too: there a function is a
/// `.section .text.<mangled>` and the architecture the `.target` line
/// (its `//##` line comments are sass/InlinedLines.h's).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_SASSLISTING_H
#define HEADROOM_SASS_SASSLISTING_H

#include "support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace headroom::sass {

/// One SASS instruction.
struct Instruction {
  std::uint64_t Address = 0;
  /// The guard ("P0", "!P1", "PT"); empty when unguarded.
  std::string Guard;
  /// The opcode without modifiers ("FFMA"), and with them ("FFMA.FTZ").
  std::string Opcode;
  std::string Full;
  /// The operands as printed, without the trailing ';'.
  std::string Operands;
  /// Operands split at commas, each trimmed ("PT", "R5", "desc[UR4][R2.64]").
  std::vector<std::string> operandList() const;
  /// The registers an instruction writes: its destination operand
  /// (operandList()[Operand]: the first, or the second after a predicate
  /// one, `ATOMG PT, R5, ...`, `LOP3.LUT P1, R9, ...`), from register First
  /// on, Count of them by its modifiers (4 for `.128`, 2 for `.64` and
  /// `.WIDE`, else 1).
  struct Written {
    std::size_t Operand = 0;
    unsigned First = 0, Count = 1;
    bool covers(unsigned Reg) const {
      return Reg >= First && Reg - First < Count;
    }
  };
  /// What the instruction writes; nullopt where its destination operand is
  /// not a plain register (a store's or a reduction's address, a branch,
  /// no operands).
  std::optional<Written> written() const;
  /// For a branch, its target: a label (`BRA `(.L_x_3)`) or, as CUDA 13's
  /// cuobjdump prints it, an address ("0x1a0"); else empty.
  std::string Target;
};

/// One function (a kernel or a device function) of one architecture.
struct Function {
  std::string Name;
  /// "sm_90", from the enclosing `code for` line.
  std::string Arch;
  std::vector<Instruction> Instructions;
  /// Each label with the index of the instruction it precedes.
  std::vector<std::pair<std::string, std::size_t>> Labels;

  /// The index of the instruction a label precedes, or Instructions.size()
  /// when the label is unknown.
  std::size_t labelIndex(const std::string &Label) const;
};

/// "9.0" of "sm_90", "10.0" of "sm_100a": the compute capability a device
/// file names; "" for anything else.
std::string computeCapabilityOf(const std::string &Arch);

/// The newest architecture \p Functions were compiled for ("sm_100a" over
/// "sm_90"); "" when none names one.
std::string newestArchitecture(const std::vector<Function> &Functions);

/// The longest line the readers of cuobjdump's text take: cuobjdump prints
/// a few hundred characters at most, and std::regex recurses once per
/// character it matches, so a line of megabytes would exhaust the stack.
inline constexpr std::size_t MaxListingLineLength = 4096;

/// The error for line \p LineNo of \p Source when \p Line is longer than
/// MaxListingLineLength, else nothing.
std::optional<Error> overlongLine(const std::string &Line, unsigned LineNo,
                                  const std::string &Source);

/// Every function of \p Text (the output of `cuobjdump -sass` or of
/// `nvdisasm`); \p Source
/// names the text in errors. A text without any function, or with a line
/// longer than MaxListingLineLength, is an error.
Expected<std::vector<Function>> parseSassListing(const std::string &Text,
                                                 const std::string &Source);

} // namespace headroom::sass

#endif // HEADROOM_SASS_SASSLISTING_H
