//===- CheckConfig.cpp - .headroom files, as .clang-tidy files ------------===//

#include "sourcechecks/CheckConfig.h"

#include "sourcechecks/SourceCheckRegistry.h"
#include "support/Paths.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

namespace headroom::sourcechecks {

namespace {

namespace yaml = llvm::yaml;

constexpr const char *Keys =
    "Checks, HeaderFilterRegex, CheckOptions or InheritParentConfig";

/// Reads one file's YAML, saying where each error is.
class ConfigReader {
public:
  ConfigReader(const std::string &Text, const std::string &Path) : Path(Path) {
    Sources.setDiagHandler(
        [](const llvm::SMDiagnostic &D, void *Self) {
          auto &Reader = *static_cast<ConfigReader *>(Self);
          if (Reader.SyntaxError.empty())
            Reader.SyntaxError = Reader.Path + ":" +
                                 std::to_string(D.getLineNo()) + ":" +
                                 std::to_string(D.getColumnNo() + 1) +
                                 ": not valid YAML: " + D.getMessage().str();
        },
        this);
    Stream.emplace(Text, Sources);
  }

  Expected<CheckConfig> read() {
    CheckConfig Config;
    Config.Files.push_back(Path);
    yaml::document_iterator Doc = Stream->begin();
    if (Doc == Stream->end())
      return syntaxOr(std::move(Config));
    yaml::Node *Root = Doc->getRoot();
    if (!Root || llvm::isa<yaml::NullNode>(Root))
      return syntaxOr(std::move(Config));
    auto *Map = llvm::dyn_cast<yaml::MappingNode>(Root);
    if (!Map)
      return syntaxOr(Error(at(Root) + ": expected a mapping of " + Keys));
    for (yaml::KeyValueNode &Entry : *Map) {
      std::optional<std::string> Key = scalar(Entry.getKey());
      yaml::Node *Value = Entry.getValue();
      if (!Key || !Value)
        return syntaxOr(Error(at(Entry.getKey()) + ": expected a key, " +
                              std::string(Keys)));
      Status Read = readKey(*Key, *Value, Config);
      if (!Read)
        return syntaxOr(Read.error());
    }
    return syntaxOr(std::move(Config));
  }

private:
  /// \p Result, unless the parser found the YAML malformed on the way.
  Expected<CheckConfig> syntaxOr(Expected<CheckConfig> Result) {
    if (!SyntaxError.empty())
      return Error(SyntaxError);
    return Result;
  }

  std::string at(const yaml::Node *N) const {
    unsigned Line =
        N ? Sources.getLineAndColumn(N->getSourceRange().Start).first : 1;
    return Path + ":" + std::to_string(Line);
  }

  /// The text of a scalar (plain, quoted or a block), or none.
  static std::optional<std::string> scalar(yaml::Node *N) {
    if (auto *S = llvm::dyn_cast_or_null<yaml::ScalarNode>(N)) {
      llvm::SmallString<64> Storage;
      return S->getValue(Storage).str();
    }
    if (auto *B = llvm::dyn_cast_or_null<yaml::BlockScalarNode>(N))
      return B->getValue().str();
    return std::nullopt;
  }

  Status readKey(const std::string &Key, yaml::Node &Value,
                 CheckConfig &Config) {
    std::string Where = at(&Value) + ": " + Key;
    if (Key == "Checks") {
      std::optional<std::string> List = scalar(&Value);
      if (!List)
        return Error(Where + ": expected a list of checks as a string "
                             "('-*,headroom-launch-config')");
      llvm::Expected<std::vector<const SourceCheck *>> Checks =
          selectSourceChecks(*List, Where);
      if (!Checks)
        return Error(llvm::toString(Checks.takeError()));
      Config.Checks = *List;
      Config.ChecksOrigin = Where;
      return {};
    }
    if (Key == "HeaderFilterRegex") {
      std::optional<std::string> Filter = scalar(&Value);
      std::string Why;
      if (!Filter)
        return Error(Where + ": expected a regular expression as a string");
      if (!llvm::Regex(*Filter).isValid(Why))
        return Error(Where + ": expected a regular expression, got '" +
                     *Filter + "' (" + Why + ")");
      Config.HeaderFilter = *Filter;
      return {};
    }
    if (Key == "InheritParentConfig") {
      std::optional<std::string> Flag = scalar(&Value);
      if (Flag && (*Flag == "true" || *Flag == "false")) {
        Config.InheritParent = *Flag == "true";
        return {};
      }
      return Error(Where + ": expected true or false, got '" +
                   Flag.value_or("(not a scalar)") + "'");
    }
    if (Key == "CheckOptions")
      return readThresholds(Value, Where, Config);
    return Error(at(&Value) + ": unknown key '" + Key + "' (expected " + Keys +
                 ")");
  }

  /// `name: value` pairs, or clang-tidy's `- key: name` / `value: value`.
  Status readThresholds(yaml::Node &Value, const std::string &Where,
                        CheckConfig &Config) {
    auto Set = [&](yaml::Node *Name, yaml::Node *Number) -> Status {
      std::optional<std::string> N = scalar(Name), V = scalar(Number);
      if (!N || !V)
        return Error(at(Name) +
                     ": CheckOptions: expected '<check>.<threshold>: "
                     "<integer>' pairs");
      Expected<std::pair<std::string, std::int64_t>> T =
          parseThreshold(*N, *V, at(Name) + ": CheckOptions");
      if (!T)
        return T.error();
      Config.Thresholds[T->first] = T->second;
      return {};
    };
    if (auto *Map = llvm::dyn_cast<yaml::MappingNode>(&Value)) {
      for (yaml::KeyValueNode &Entry : *Map)
        if (Status S = Set(Entry.getKey(), Entry.getValue()); !S)
          return S;
      return {};
    }
    if (auto *List = llvm::dyn_cast<yaml::SequenceNode>(&Value)) {
      for (yaml::Node &Item : *List) {
        auto *Pair = llvm::dyn_cast<yaml::MappingNode>(&Item);
        yaml::Node *Name = nullptr, *Number = nullptr;
        if (Pair)
          for (yaml::KeyValueNode &Entry : *Pair) {
            std::optional<std::string> Field = scalar(Entry.getKey());
            if (Field == "key")
              Name = Entry.getValue();
            else if (Field == "value")
              Number = Entry.getValue();
          }
        if (!Name || !Number)
          return Error(at(&Item) + ": CheckOptions: expected '- key: "
                                   "<check>.<threshold>' with 'value: "
                                   "<integer>'");
        if (Status S = Set(Name, Number); !S)
          return S;
      }
      return {};
    }
    return Error(Where + ": expected a mapping of '<check>.<threshold>: "
                         "<integer>'");
  }

  std::string Path;
  llvm::SourceMgr Sources;
  std::optional<yaml::Stream> Stream;
  std::string SyntaxError;
};

/// Every threshold's name, for the error that names none.
std::string thresholdNames() {
  std::string Names;
  for (const SourceCheck *C : sourceCheckCatalog())
    for (const SourceCheckThreshold &T : C->info().Thresholds)
      Names += (Names.empty() ? "" : ", ") + std::string(C->name()) + "." +
               std::string(T.Name);
  return Names;
}

} // namespace

CheckConfig CheckConfig::extendedBy(const CheckConfig &Over) const {
  CheckConfig Out = *this;
  if (Over.Checks) {
    Out.Checks = Checks ? *Checks + "," + *Over.Checks : *Over.Checks;
    Out.ChecksOrigin = Over.ChecksOrigin;
  }
  if (Over.HeaderFilter)
    Out.HeaderFilter = Over.HeaderFilter;
  for (const auto &[Name, Value] : Over.Thresholds)
    Out.Thresholds[Name] = Value;
  Out.InheritParent = Over.InheritParent;
  Out.Files.insert(Out.Files.end(), Over.Files.begin(), Over.Files.end());
  return Out;
}

Expected<CheckConfig> parseCheckConfig(const std::string &Text,
                                       const std::string &Path) {
  return ConfigReader(Text, Path).read();
}

Expected<std::pair<std::string, std::int64_t>>
parseThreshold(const std::string &Name, const std::string &Value,
               const std::string &Origin) {
  llvm::StringRef Check, Threshold;
  std::tie(Check, Threshold) = llvm::StringRef(Name).rsplit('.');
  const SourceCheck *C = findSourceCheck(Check);
  const SourceCheckThreshold *Found = nullptr;
  if (C)
    for (const SourceCheckThreshold &T : C->info().Thresholds)
      if (llvm::StringRef(T.Name.data(), T.Name.size()) == Threshold)
        Found = &T;
  if (!Found)
    return Error(Origin + ": '" + Name +
                 "' is not a threshold (the thresholds: " + thresholdNames() +
                 ")");
  std::int64_t Number = 0;
  if (llvm::StringRef(Value).trim().getAsInteger(10, Number) ||
      Number < Found->Min || Number > Found->Max)
    return Error(Origin + ": " + Name + ": expected an integer from " +
                 std::to_string(Found->Min) + " to " +
                 std::to_string(Found->Max) + ", got '" + Value + "'");
  return std::make_pair(Name, Number);
}

Expected<CheckConfig>
CheckConfigFinder::configFor(const std::string &SourceFile) {
  return configIn(parentPath(absolutePath(SourceFile)));
}

Expected<CheckConfig>
CheckConfigFinder::configInDirectory(const std::string &Dir) {
  return configIn(absolutePath(Dir));
}

Expected<CheckConfig> CheckConfigFinder::configIn(const std::string &Dir) {
  if (auto It = ByDirectory.find(Dir); It != ByDirectory.end())
    return It->second;
  std::string Parent = parentPath(Dir);
  bool AtRoot = Parent.empty() || Parent == Dir;
  std::string File =
      Dir + (Dir.ends_with("/") ? "" : "/") + CheckConfigFileName;
  CheckConfig Config;
  if (isRegularFile(File)) {
    Expected<std::string> Text = readFile(File);
    if (!Text)
      return Text.error();
    Expected<CheckConfig> Read = parseCheckConfig(*Text, File);
    if (!Read)
      return Read.error();
    Config = std::move(*Read);
    if (Config.InheritParent && !AtRoot) {
      Expected<CheckConfig> Above = configIn(Parent);
      if (!Above)
        return Above.error();
      Config = Above->extendedBy(Config);
    }
  } else if (!AtRoot) {
    Expected<CheckConfig> Above = configIn(Parent);
    if (!Above)
      return Above.error();
    Config = std::move(*Above);
  }
  ByDirectory[Dir] = Config;
  return Config;
}

} // namespace headroom::sourcechecks
