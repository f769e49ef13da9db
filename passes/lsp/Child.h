//===- Child.h - The language server behind the proxy -----------*- C++ -*-===//
///
/// \file
/// clangd as a child process with pipes to its standard input and output
/// (its standard error stays the proxy's, where editors collect server
/// logs). Started from an argument vector, never through a shell.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_CHILD_H
#define HEADROOM_LSP_CHILD_H

#include "support/Error.h"

#include <string>
#include <sys/types.h>
#include <vector>

namespace headroom::lsp {

class Child {
public:
  /// Starts \p Argv (Argv[0] searched in PATH when it has no '/').
  static Expected<Child> start(const std::vector<std::string> &Argv);

  /// Writing to its standard input, reading from its standard output.
  int inFd() const { return In; }
  int outFd() const { return Out; }
  /// Closes its standard input (it sees end of file).
  void closeInput();
  /// Waits for it; its exit status, 128 + signal when a signal ended it.
  int wait();

private:
  pid_t Pid = -1;
  int In = -1, Out = -1;
};

} // namespace headroom::lsp

#endif // HEADROOM_LSP_CHILD_H
