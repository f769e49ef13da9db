//===- InMemoryInstrument.h - Instrumenting in-memory files -----*- C++ -*-===//
///
/// \file
/// The whole instrument pipeline of the ast tests: in-memory files over
/// the real file system, compiled with the fake CUDA runtime header of the
/// lit tests.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TEST_UNIT_AST_INMEMORYINSTRUMENT_H
#define HEADROOM_TEST_UNIT_AST_INMEMORYINSTRUMENT_H

#include "ast/CompileFlags.h"
#include "ast/Instrument.h"

#include "llvm/Support/VirtualFileSystem.h"

#include <string>
#include <utility>
#include <vector>

namespace headroom::test {

/// What to instrument besides the main file's code.
struct InMemoryInputs {
  /// More in-memory files: (path, contents).
  std::vector<std::pair<std::string, std::string>> Files;
  /// Flags after the fake runtime's.
  std::vector<std::string> Flags;
  std::string HeaderFilter;
  std::vector<std::string> LibraryHeaders;
};

/// Instruments \p Code as \p Main; clang's diagnostics go to
/// \p Diagnostics.
inline llvm::Expected<ast::InstrumentResult>
instrumentInMemory(const std::string &Main, llvm::StringRef Code,
                   clang::DiagnosticConsumer *Diagnostics,
                   const InMemoryInputs &Inputs = {}) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(Main, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  for (const auto &[Path, Contents] : Inputs.Files)
    Memory->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Contents));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  std::vector<std::string> Flags = {"-nocudainc", "-nocudalib",
                                    "-I" HEADROOM_SOURCE_DIR
                                    "/test/lit/Inputs/fake-cuda"};
  Flags.insert(Flags.end(), Inputs.Flags.begin(), Inputs.Flags.end());
  auto Command = ast::commandFromFlags(Main, Flags, ast::HostParseConfig());
  if (!Command)
    return Command.takeError();
  ast::InstrumentRequest Request;
  Request.CommandLine = std::move(Command->CommandLine);
  Request.FileSystem = Overlay;
  Request.Diagnostics = Diagnostics;
  Request.HeaderFilter = Inputs.HeaderFilter;
  Request.HeaderDirectory = "/copies";
  Request.LibraryHeaders = Inputs.LibraryHeaders;
  return ast::instrument(Request);
}

} // namespace headroom::test

#endif // HEADROOM_TEST_UNIT_AST_INMEMORYINSTRUMENT_H
