//===- Message.h - Diagnostics from one table of templates ------*- C++ -*-===//
///
/// \file
/// Every sentence Headroom's checks say is one entry of checks/Messages.def:
/// an id and a short template whose %0, %1, ... take typed arguments, in
/// the spirit of clang's DiagnosticKinds.td. The argument's kind decides how
/// it reads (support/Quantities.h: one formatter per kind of quantity), so
/// a time, a percentage or a ratio reads the same in every message. Checks
/// choose the message and its numbers; the table holds the words.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_MESSAGE_H
#define HEADROOM_CHECKS_MESSAGE_H

#include <initializer_list>
#include <string>
#include <string_view>

namespace headroom {

/// The messages, by id.
enum class Msg {
#define HEADROOM_MESSAGE(Id, Text) Id,
#include "checks/Messages.def"
};

/// One argument of a message, already in words.
class Arg {
public:
  /// Text as is: a name from the vocabulary, or a message of its own.
  static Arg text(std::string_view S) { return Arg(std::string(S)); }
  /// A name quoted as clang quotes one: 'sgemm'.
  static Arg quoted(std::string_view S) {
    return Arg("'" + std::string(S) + "'");
  }
  /// A kernel's name, quoted in its short form (support/KernelNames.h):
  /// 'cub::DeviceRadixSortOnesweepKernel<...>'.
  static Arg kernel(std::string_view Name);
  /// A ratio: "5.7x", "1.07x".
  static Arg times(double Ratio);
  /// A duration given in ms: "45.55 ms", "296.3 us".
  static Arg time(double Ms);
  /// A fraction as a percentage: "90%"; with \p Significant digits,
  /// "49.7%".
  static Arg percent(double Fraction, int Significant = 0);
  /// A whole number: "132".
  static Arg count(double N);
  /// \p N and a noun in the singular or plural: "1 launch", "3 launches".
  static Arg counted(double N, std::string_view One, std::string_view Many);
  /// A number with \p Digits significant digits: "1.54".
  static Arg number(double V, int Digits = 3);
  /// Bytes: "12.5 KB".
  static Arg bytes(double B);

  const std::string &str() const { return Text; }

private:
  explicit Arg(std::string Text) : Text(std::move(Text)) {}
  std::string Text;
};

/// The template of \p Id.
std::string_view messageTemplate(Msg Id);

/// \p Id's template with \p Args in place of %0, %1, ...
std::string message(Msg Id, std::initializer_list<Arg> Args = {});

} // namespace headroom

#endif // HEADROOM_CHECKS_MESSAGE_H
