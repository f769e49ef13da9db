//===- RecordingConsumer.h - Clang's diagnostics kept as text ---*- C++ -*-===//
///
/// \file
/// A diagnostic consumer for the ast tests that expect clang's errors, or
/// that must keep them off stderr: each diagnostic's message, one per line.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TEST_UNIT_AST_RECORDINGCONSUMER_H
#define HEADROOM_TEST_UNIT_AST_RECORDINGCONSUMER_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/SmallString.h"

#include <string>

namespace headroom::test {

class RecordingConsumer : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    Messages += std::string(Message) + "\n";
  }
  std::string Messages;
};

} // namespace headroom::test

#endif // HEADROOM_TEST_UNIT_AST_RECORDINGCONSUMER_H
