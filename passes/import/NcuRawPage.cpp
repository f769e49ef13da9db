//===- NcuRawPage.cpp - Nsight Compute's raw page -------------------------===//

#include "import/NcuRawPage.h"

#include "import/CsvReader.h"
#include "import/NcuUnits.h"
#include "schema/CounterCatalog.h"
#include "support/InputFile.h"
#include "support/JsonInput.h"

#include <cmath>
#include <map>

namespace headroom::ncu {

namespace {

constexpr const char *ExportHint =
    "export it with: ncu --import REPORT.ncu-rep --csv --page raw "
    "--print-units base";

/// The launch limits a profile's reader enforces (CUDA's).
constexpr std::array<double, 3> MaxGrid{2147483647.0, 65535.0, 65535.0};
constexpr std::array<double, 3> MaxBlock{1024.0, 1024.0, 64.0};

/// The header, the units and where each column is.
class Page {
public:
  std::vector<std::string> Names;
  std::vector<BaseUnit> Units;
  std::map<std::string, std::size_t, std::less<>> Index;
  /// The line of the unit row (the header's when there is none).
  std::size_t UnitLine = 0;

  std::optional<std::size_t> column(std::string_view Name) const {
    auto It = Index.find(Name);
    return It == Index.end() ? std::nullopt : std::optional(It->second);
  }
  bool has(std::string_view Name) const { return column(Name).has_value(); }
};

/// One row of the page, read field by field; the first error sticks.
class Row {
public:
  Row(const Page &P, const CsvRecord &R) : P(P), R(R) {}

  std::optional<Error> Err;

  /// The text of column \p Column.
  const std::string &text(std::size_t Column) const { return R.Fields[Column]; }
  /// The text of the column named \p Name, or "" without that column.
  std::string textOf(std::string_view Name) const {
    std::optional<std::size_t> C = P.column(Name);
    return C ? R.Fields[*C] : std::string();
  }

  /// Column \p Column as a number in base units; nullopt when empty or
  /// "n/a" (a metric Nsight could not collect for this launch).
  std::optional<double> value(std::size_t Column) {
    const std::string &T = R.Fields[Column];
    if (T.empty() || T == "n/a" || T == "N/A")
      return std::nullopt;
    std::optional<double> V = parseNcuNumber(T);
    if (!V) {
      fail(Column, "a number", T);
      return std::nullopt;
    }
    double Base = *V * P.Units[Column].Factor;
    // What a profile holds (support/JsonInput.h).
    if (std::optional<std::string> Problem = quantityProblem(Base)) {
      fail(Column, *Problem + " in base units", T);
      return std::nullopt;
    }
    return Base;
  }

  /// Column \p Name as a whole number in [Min, Max]; nullopt when the page
  /// has no such column or the field is empty.
  std::optional<double> whole(std::string_view Name, double Min, double Max) {
    std::optional<std::size_t> C = P.column(Name);
    if (!C)
      return std::nullopt;
    std::optional<double> V = value(*C);
    if (V && (*V < Min || *V > Max || *V != std::floor(*V))) {
      fail(*C, "a whole number from " + number(Min) + " to " + number(Max),
           text(*C));
      return std::nullopt;
    }
    return V;
  }

  void fail(std::size_t Column, const std::string &Expected,
            const std::string &Got) {
    if (!Err)
      Err = Error("line " + std::to_string(R.Line) + ", column '" +
                  printable(P.Names[Column], 100) + "': expected " + Expected +
                  ", got \"" + printable(Got, 60) + "\"");
  }
  void failRow(const std::string &What) {
    if (!Err)
      Err = Error("line " + std::to_string(R.Line) + ": " + What);
  }

  std::size_t line() const { return R.Line; }

private:
  static std::string number(double V) {
    return std::to_string(static_cast<long long>(V));
  }
  const Page &P;
  const CsvRecord &R;
};

/// "(256, 1, 1)" as three numbers.
std::optional<std::array<double, 3>> dimensions(std::string_view Text) {
  if (Text.size() < 2 || Text.front() != '(' || Text.back() != ')')
    return std::nullopt;
  Text = Text.substr(1, Text.size() - 2);
  std::array<double, 3> Out{};
  for (std::size_t I = 0; I < 3; ++I) {
    // Thousands separators have no space after them; the dimensions do.
    std::size_t Comma = Text.find(", ");
    std::string_view Part = I < 2 ? Text.substr(0, Comma) : Text;
    if ((I < 2) == (Comma == std::string_view::npos))
      return std::nullopt;
    std::optional<double> V = parseNcuNumber(Part);
    if (!V)
      return std::nullopt;
    Out[I] = *V;
    if (I < 2)
      Text.remove_prefix(Comma + 2);
  }
  return Out;
}

/// Whether the page has all three launch__<Kind>_dim_x/y/z columns.
bool hasDimColumns(const Page &P, const char *Kind) {
  std::string Prefix = std::string("launch__") + Kind + "_dim_";
  return P.has(Prefix + "x") && P.has(Prefix + "y") && P.has(Prefix + "z");
}

/// Whether the page gives a launch's grid or block one way or the other.
bool hasShape(const Page &P, const char *Kind, const char *Label) {
  return hasDimColumns(P, Kind) || P.has(std::string(Label) + " Size");
}

/// A launch's grid or block: from the launch__<Kind>_dim_x/y/z columns,
/// else from the "<Label> Size" column (hasShape checked one is there).
std::array<unsigned, 3> shape(Row &Row, const Page &P, const char *Kind,
                              const char *Label,
                              const std::array<double, 3> &Max) {
  std::array<unsigned, 3> Out{1, 1, 1};
  std::string Prefix = std::string("launch__") + Kind + "_dim_";
  if (hasDimColumns(P, Kind)) {
    for (std::size_t I = 0; I < 3; ++I) {
      std::string Name = Prefix + char('x' + I);
      std::optional<double> V = Row.whole(Name, 1, Max[I]);
      if (!V && !Row.Err)
        Row.fail(*P.column(Name), "a launch dimension", "");
      Out[I] = V ? unsigned(*V) : 1;
    }
    return Out;
  }
  std::size_t C = *P.column(std::string(Label) + " Size");
  std::optional<std::array<double, 3>> D = dimensions(Row.text(C));
  if (!D) {
    Row.fail(C, "three dimensions \"(x, y, z)\"", Row.text(C));
    return Out;
  }
  for (std::size_t I = 0; I < 3; ++I) {
    if ((*D)[I] < 1 || (*D)[I] > Max[I] || (*D)[I] != std::floor((*D)[I])) {
      Row.fail(C,
               "dimensions from 1 to " +
                   std::to_string(static_cast<long long>(Max[I])),
               Row.text(C));
      return Out;
    }
    Out[I] = unsigned((*D)[I]);
  }
  return Out;
}

/// Reads the header (after Nsight's "==PROF==" log lines) and the unit row
/// into \p P; \p R holds the first launch row after it, if any.
Expected<bool> header(CsvReader &Reader, Page &P, CsvRecord &R) {
  Expected<bool> More = Reader.next(R);
  while (More && *More && !R.Fields.empty() &&
         R.Fields.front().rfind("==", 0) == 0)
    More = Reader.next(R);
  if (!More)
    return More.error();
  if (!*More)
    return Error(std::string("the file is empty: expected Nsight Compute's "
                             "raw page (") +
                 ExportHint + ")");
  if (R.Fields.front() == "File Path")
    return Error("line " + std::to_string(R.Line) +
                 ": this is a source page, not the raw page: give it with "
                 "--source");
  P.Names = R.Fields;
  for (std::size_t I = 0; I < P.Names.size(); ++I)
    P.Index.try_emplace(P.Names[I], I);
  for (const char *Needed : {"ID", "Kernel Name"})
    if (!P.has(Needed))
      return Error("line " + std::to_string(R.Line) +
                   ": expected Nsight Compute's raw page, whose header has "
                   "the columns \"ID\" and \"Kernel Name\" (" +
                   ExportHint + ")");
  std::vector<std::string> Missing;
  for (const std::string &M : requiredMetrics()) {
    // DRAM traffic in bytes stands in for the sectors.
    std::string Bytes = M == "dram__sectors_read.sum" ? "dram__bytes_read.sum"
                        : M == "dram__sectors_write.sum"
                            ? "dram__bytes_write.sum"
                            : "";
    if (!P.has(M) && (Bytes.empty() || !P.has(Bytes)))
      Missing.push_back(M);
  }
  if (!hasShape(P, "block", "Block"))
    Missing.push_back("Block Size");
  if (!hasShape(P, "grid", "Grid"))
    Missing.push_back("Grid Size");
  if (!P.has("Device") && !P.has("device__attribute_device_index"))
    Missing.push_back("Device");
  if (!Missing.empty()) {
    std::string List;
    for (const std::string &M : Missing)
      List += (List.empty() ? "" : ", ") + M;
    return Error("line " + std::to_string(R.Line) + ": the raw page lacks " +
                 std::to_string(Missing.size()) + " column" +
                 (Missing.size() == 1 ? "" : "s") +
                 " the model needs: " + printable(List, 400) +
                 " (profile with --metrics $(headroom import --metrics))");
  }
  // The unit row: its "ID" field is empty.
  P.Units.assign(P.Names.size(), BaseUnit{});
  P.UnitLine = R.Line;
  More = Reader.next(R);
  if (!More || !*More)
    return More;
  if (R.Fields.size() == P.Names.size() && R.Fields[*P.column("ID")].empty()) {
    P.UnitLine = R.Line;
    for (std::size_t I = 0; I < P.Names.size(); ++I)
      P.Units[I] = baseUnit(R.Fields[I]);
    More = Reader.next(R);
  }
  return More;
}

/// Checks that the unit of every column the profile keeps in a unit (ns,
/// bytes) is one of that quantity.
Status checkUnits(const Page &P) {
  for (const CounterInfo &Info : counterCatalog()) {
    std::optional<std::size_t> C = P.column(Info.HopperName);
    if (!C)
      continue;
    std::string Wanted = Info.Unit == "ns"      ? "ns"
                         : Info.Unit == "bytes" ? "byte"
                                                : "";
    // No unit: the value is in the base unit already.
    if (!Wanted.empty() && !P.Units[*C].Base.empty() &&
        P.Units[*C].Base != Wanted)
      return Error("line " + std::to_string(P.UnitLine) + ", column '" +
                   P.Names[*C] + "': expected a unit of " +
                   (Wanted == "ns" ? "time" : "size") + ", got \"" +
                   printable(P.Units[*C].Base, 40) + "\"");
  }
  return {};
}

NcuLaunch launch(Row &Row, const Page &P) {
  NcuLaunch L;
  L.Line = Row.line();
  Row.whole("ID", 0, 1e15);
  L.Kernel = Row.textOf("Kernel Name");
  if (L.Kernel.empty())
    Row.fail(*P.column("Kernel Name"), "a kernel name", "");
  const char *DeviceColumn =
      P.has("Device") ? "Device" : "device__attribute_device_index";
  std::optional<double> Device = Row.whole(DeviceColumn, 0, 65535);
  if (!Device && !Row.Err)
    Row.fail(*P.column(DeviceColumn), "a device index", "");
  L.Device.Index = Device ? unsigned(*Device) : 0;
  L.Device.Name = Row.textOf("device__attribute_display_name");
  L.Device.ComputeCapability = Row.textOf("CC");
  if (L.Device.ComputeCapability.empty()) {
    std::string Major =
        Row.textOf("device__attribute_compute_capability_major");
    std::string Minor =
        Row.textOf("device__attribute_compute_capability_minor");
    if (!Major.empty() && !Minor.empty())
      L.Device.ComputeCapability = Major + "." + Minor;
  }
  for (const char *Sms :
       {"device__attribute_multiprocessor_count", "launch__sm_count"})
    if (!L.Device.SmCount)
      if (std::optional<double> N = Row.whole(Sms, 1, 1e6))
        L.Device.SmCount = std::uint64_t(*N);
  if (std::optional<double> Pid = Row.whole("Process ID", 0, 1e15))
    L.Pid = std::int64_t(*Pid);
  L.Process = Row.textOf("Process Name");
  L.Host = Row.textOf("Host Name");
  L.Grid = shape(Row, P, "grid", "Grid", MaxGrid);
  L.Block = shape(Row, P, "block", "Block", MaxBlock);
  if (!Row.Err && std::uint64_t(L.Block[0]) * L.Block[1] * L.Block[2] > 1024)
    Row.failRow("expected at most 1024 threads per block (CUDA's limit)");
  auto Count = [&](const char *Name) -> std::optional<std::uint64_t> {
    if (std::optional<double> V = Row.whole(Name, 0, 1e15))
      return std::uint64_t(*V);
    return std::nullopt;
  };
  L.RegistersPerThread = Count("launch__registers_per_thread");
  L.StaticSharedBytes = Count("launch__shared_mem_per_block_static");
  L.DynamicSharedBytes = Count("launch__shared_mem_per_block_dynamic");
  for (const CounterInfo &Info : counterCatalog()) {
    std::optional<std::size_t> C = P.column(Info.HopperName);
    if (!C)
      continue;
    std::optional<double> V = Row.value(*C);
    if (!V)
      continue;
    if (*V < 0)
      Row.fail(*C, "a non-negative number", Row.text(*C));
    L.Counters.emplace_back(std::string(Info.HopperName), *V);
  }
  std::size_t Duration = *P.column("gpu__time_duration.sum");
  std::optional<double> Ns = Row.value(Duration);
  if (!Ns || *Ns <= 0)
    Row.fail(Duration, "the launch's duration", Row.text(Duration));
  L.DurationNs = Ns.value_or(0);
  return L;
}

} // namespace

std::vector<std::string> requiredMetrics() {
  std::vector<std::string> Out{"gpu__time_duration.sum"};
  for (const CounterInfo &Info : counterCatalog())
    if (isModelInput(Info.Id))
      Out.emplace_back(Info.HopperName);
  return Out;
}

Expected<NcuRawPage> readRawPage(std::string_view Text) {
  CsvReader Reader(Text);
  Page P;
  CsvRecord R;
  Expected<bool> More = header(Reader, P, R);
  if (!More)
    return More.error();
  if (Status S = checkUnits(P); !S)
    return S.error();
  NcuRawPage Page;
  while (*More) {
    if (R.Fields.size() != P.Names.size())
      return Error(
          "line " + std::to_string(R.Line) + ": expected " +
          std::to_string(P.Names.size()) + " fields, as the header has, got " +
          std::to_string(R.Fields.size()) + " (is the file cut short?)");
    Row Row(P, R);
    NcuLaunch L = launch(Row, P);
    if (Row.Err)
      return *Row.Err;
    Page.Launches.push_back(std::move(L));
    More = Reader.next(R);
    if (!More)
      return More.error();
  }
  if (Page.Launches.empty())
    return Error("the raw page has no launch rows: Nsight Compute profiled "
                 "no kernel");
  return Page;
}

} // namespace headroom::ncu
