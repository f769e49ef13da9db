//===- StaticMixMain.cpp - headroom static-mix ----------------------------===//
///
/// \file
/// `headroom static-mix OBJECT --device NAME [--source FILE]...`: before any
/// run, the cap each kernel's SASS instruction mix puts on it on a device,
/// as `[headroom-static-mix]` notes at the kernels (sass/StaticBound.h,
/// docs/static-mix.md); `--format json` gives the same as one
/// `headroom.static-mix/1` document (what `headroom lsp` reads).
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "checks/StaticMixCheck.h"
#include "devices/DeviceRegistry.h"
#include "model/KernelParameters.h"
#include "sass/Disassembly.h"
#include "sass/SassListing.h"
#include "sass/StaticBound.h"
#include "support/NumberOption.h"
#include "support/Paths.h"
#include "views/TextDiagnosticPrinter.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <iostream>

namespace headroom {

namespace {

CommandLine staticMixCommandLine() {
  CommandLine Cmd(
      "headroom static-mix", "[OBJECT] --device NAME [options]",
      "The instruction mix of each kernel's SASS (loops weighted by their "
      "nesting)\nand the cap it puts on the kernel on a device, with its "
      "registers, shared\nmemory and occupancy limit, as notes at the kernels: "
      "no GPU, no run.\nOBJECT is what nvcc built (object, executable, "
      "cubin); cuobjdump reads it.\nSee docs/static-mix.md.");
  Cmd.option("device", "NAME|PATH|auto",
             "the GPU to bound the kernels on (auto: the calibrated device "
             "of the SASS's architecture)")
      .option("source", "FILE",
              "a source file to find the kernels' definitions in",
              /*Repeatable=*/true)
      .option("sass", "FILE",
              "the output of 'cuobjdump -sass' instead of "
              "running cuobjdump on OBJECT")
      .option("res-usage", "FILE", "the output of 'cuobjdump -res-usage'")
      .option("loop-weight", "N",
              "how many times more often an instruction "
              "runs per enclosing loop (default 32)")
      .option("format", "text|json",
              "notes as the compiler prints them (default), or one "
              "headroom.static-mix/1 document")
      .flag("color", "color the notes")
      .argument("OBJECT", "the object, executable or cubin nvcc built")
      .alias('d', "device");
  return Cmd;
}

/// The text of --sass/--res-usage when given, else cuobjdump's on OBJECT.
Expected<std::string> listing(const ParsedArgs &P, const std::string &Option,
                              const std::string &Flag) {
  if (std::optional<std::string> File = P.get(Option))
    return readFile(*File);
  if (P.Positionals.size() != 1)
    return Error("expected one OBJECT, or --sass and "
                 "--res-usage (see 'headroom static-mix --help')");
  return sass::runCuobjdump(P.Positionals.front(), Flag);
}

using OrderedJson = nlohmann::ordered_json;

/// One kernel of the headroom.static-mix/1 document: where it is (when the
/// sources name it), the note and its notes as the text prints them, and
/// the numbers they are made of.
OrderedJson kernelJson(const sass::StaticKernel &K, const Diagnostic &Note,
                       const DeviceParameters &Device) {
  const sass::KernelMix &M = K.Mix;
  sass::StaticCap Cap = sass::staticCap(M, Device);
  OrderedJson J = {{"kernel", K.Display}, {"signature", K.Signature}};
  if (K.Definition) {
    J["file"] = K.Definition->File;
    J["line"] = K.Definition->Line;
    J["column"] = K.Definition->Column;
  }
  J["message"] = Note.Message;
  OrderedJson Notes = OrderedJson::array();
  for (const Diagnostic &N : Note.Notes)
    Notes.push_back(N.Message);
  J["notes"] = std::move(Notes);
  J["arch"] = M.Arch;
  J["instructions"] = M.Instructions;
  J["loop_depth"] = M.LoopDepth;
  J["k_type"] = std::string(kernelTypeName(M.type()));
  J["d_ops"] = M.dOps();
  J["d_ldst"] = M.dLdSt();
  J["d_other"] = M.dOther();
  J["e_mix"] = Cap.EMix;
  J["e_instr"] = Cap.EInstr;
  J["share_of_peak"] = Cap.ShareOfPeak;
  J["limiter"] = staticLimiterKey(Cap.Limiter);
  J["one_word_fp32_atomics"] = K.OneWordFp32Atomics.size();
  J["global_loads_per_round"] = K.GlobalLoadRounds.loadsPerRound();
  if (K.Resources) {
    J["registers"] = K.Resources->Registers;
    J["shared_bytes"] = K.Resources->SharedBytes;
  }
  return J;
}

/// `--device auto`: the first calibrated device (yours, then the shipped
/// ones, by name) of the newest architecture \p Functions were compiled
/// for, as `headroom nvcc` chooses without a device.
Expected<DeviceEntry>
deviceOfArchitecture(const std::vector<sass::Function> &Functions) {
  std::string Arch = sass::newestArchitecture(Functions);
  std::string CC = sass::computeCapabilityOf(Arch);
  for (const DeviceEntry &E : DeviceRegistry::fromEnvironment().list())
    if (E.Source != DeviceSource::Spec && !CC.empty() &&
        E.Device.ComputeCapability == CC)
      return E;
  return Error("--device auto: no calibrated device of " +
               (Arch.empty() ? std::string("the SASS's architecture") : Arch) +
               " (name one of 'headroom devices')");
}

} // namespace

int staticMixMain(const Args &A) {
  CommandLine Cmd = staticMixCommandLine();
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(Cmd, A, Parsed))
    return *Done;
  std::string Format = Parsed->get("format").value_or("text");
  if (Format != "text" && Format != "json")
    return failWith(Error("--format: expected 'text' "
                          "or 'json', got '" +
                          Format + "'"));
  std::optional<std::string> DeviceArg = Parsed->get("device");
  if (!DeviceArg)
    return failWith(Error("--device is required"));
  Expected<DeviceEntry> Device = Error("");
  if (*DeviceArg != "auto") {
    Device = DeviceRegistry::fromEnvironment().lookup(*DeviceArg);
    if (!Device)
      return failWith(Device.error());
  }
  Expected<std::optional<double>> Weight =
      numberOption(*Parsed, "loop-weight", 0, 1e6, "a number in (0, 1e6]");
  if (!Weight)
    return failWith(Weight.error());
  double LoopWeight = Weight->value_or(sass::DefaultLoopWeight);
  Expected<std::string> Sass = listing(*Parsed, "sass", "-sass");
  if (!Sass)
    return failWith(Sass.error());
  Expected<std::string> Usage = listing(*Parsed, "res-usage", "-res-usage");
  if (!Usage)
    return failWith(Usage.error());
  auto Functions = sass::parseSassListing(
      *Sass, Parsed->get("sass").value_or("cuobjdump -sass"));
  if (!Functions)
    return failWith(Functions.error());
  if (*DeviceArg == "auto") {
    Device = deviceOfArchitecture(*Functions);
    if (!Device)
      return failWith(Device.error());
  }
  auto Resources = sass::parseResourceUsage(
      *Usage, Parsed->get("res-usage").value_or("cuobjdump -res-usage"));
  if (!Resources)
    return failWith(Resources.error());
  std::vector<Diagnostic> Notes;
  OrderedJson Kernels = OrderedJson::array();
  for (const sass::StaticKernel &K : sass::staticKernels(
           *Functions, *Resources, Parsed->getAll("source"), LoopWeight)) {
    Notes.push_back(
        checkStaticMix().diagnostic(K, Device->Device, Device->Device.Name));
    Kernels.push_back(kernelJson(K, Notes.back(), Device->Device));
  }
  if (Format == "json") {
    OrderedJson Doc = {{"schema", "headroom.static-mix/1"},
                       {"device", Device->Device.Name},
                       {"kernels", std::move(Kernels)}};
    std::cout << Doc.dump(2) << "\n";
    return 0;
  }
  printTextDiagnostics(Notes, std::cout, Parsed->has("color"), commandName());
  return 0;
}

} // namespace headroom
