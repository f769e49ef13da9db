//===- HeadroomMain.cpp - The headroom command-line driver ----------------===//
///
/// \file
/// Dispatches `headroom <subcommand> ...` to the subcommand's entry point.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "support/Spelling.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

using namespace headroom;

namespace {

#ifndef HEADROOM_HAVE_CLANG
int instrumentWithoutClang(const Args &) {
  std::cerr << "headroom instrument: error: this headroom was built without "
               "Clang; rebuild it where LLVM/Clang 22 is installed (see "
               "docs/instrument.md)\n";
  return 2;
}

int checkWithoutClang(const Args &) {
  std::cerr << "headroom check: error: this headroom was built without "
               "Clang; rebuild it where LLVM/Clang 22 is installed (see "
               "docs/cli.md)\n";
  return 2;
}
#endif

struct Subcommand {
  const char *Name;
  const char *Summary;
  int (*Main)(const Args &);
};

const Subcommand Subcommands[] = {
    {"predict", "predict kernel times on devices from a counters file",
     predictMain},
    {"devices", "list the shipped and user device files", devicesMain},
#ifdef HEADROOM_HAVE_CLANG
    {"instrument", "rewrite a .cu file's kernel launches to call the runtime",
     instrumentMain},
    {"check", "check CUDA device code for GPU performance pitfalls", checkMain},
#else
    {"instrument", "(not in this build: needs Clang)", instrumentWithoutClang},
    {"check", "(not in this build: needs Clang)", checkWithoutClang},
#endif
    {"report", "diagnose the kernels of a profile on a device", reportMain},
    {"lint", "gate a profile on headroom thresholds and a baseline", lintMain},
    {"calibrate", "measure this GPU and write its device file", calibrateMain},
    {"merge", "combine the profiles of many processes or ranks", mergeMain},
    {"import", "make a profile of an Nsight Compute run", importMain},
    {"validate", "score the models on a recording of the validation corpus",
     validateMain},
    {"nvcc", "compile like nvcc, instrumenting the CUDA sources", nvccMain},
    {"lsp", "clangd with kernel diagnostics, for editors", lspMain},
    {"static-mix", "bound kernels by the instruction mix of their SASS",
     staticMixMain},
};

void printUsage(std::ostream &OS) {
  OS << "usage: headroom <command> [options]\n\n"
        "Headroom tells, at the source line, whether a CUDA kernel is "
        "compute-\n"
        "or memory-bound and how far it is from what the GPU could do.\n\n"
        "commands:\n";
  for (const Subcommand &S : Subcommands)
    OS << "  " << S.Name << std::string(12 - std::strlen(S.Name), ' ')
       << S.Summary << "\n";
  OS << "\nRun 'headroom <command> --help' for a command's options.\n";
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    printUsage(std::cerr);
    return 2;
  }
  std::string Command = Argv[1];
  if (Command == "--help" || Command == "-h" || Command == "help") {
    printUsage(std::cout);
    return 0;
  }
  if (Command == "--version") {
    std::cout << "headroom " HEADROOM_VERSION "\n";
    return 0;
  }
  Args Rest(Argv + 2, Argv + Argc);
  for (const Subcommand &S : Subcommands)
    if (Command == S.Name) {
      setCommandName("headroom " + Command);
      int Code = S.Main(Rest);
      // Output that did not all reach standard output (`> /dev/full`, a
      // closed pipe) is a failure, also where a command does not check.
      errno = 0;
      std::cout.flush();
      bool Failed = std::fflush(stdout) != 0 || std::ferror(stdout);
      // A command that failed has said why already.
      if ((Failed || !std::cout) && Code == 0) {
        printError(std::string("cannot write to standard output") +
                   (errno ? std::string(": ") + std::strerror(errno) : ""));
        return 1;
      }
      return Code;
    }
  std::vector<std::string> Names;
  for (const Subcommand &S : Subcommands)
    Names.push_back(S.Name);
  if (std::optional<std::string> Near = closestSpelling(Command, Names))
    printError("unknown command '" + Command + "'; did you mean '" + *Near +
               "'?");
  else
    printError("unknown command '" + Command + "' (run 'headroom --help')");
  return 2;
}
