//===- JsonInput.cpp - Validating reads of Headroom's JSON files ----------===//

#include "support/JsonInput.h"

#include "support/Format.h"
#include "support/InputFile.h"

#include <cmath>
#include <optional>
#include <vector>

namespace headroom {

using nlohmann::json;

namespace {

/// Builds the document like nlohmann's own DOM parser, but stops at the first
/// key that repeats in an object (JSON allows it, nlohmann keeps the last, and
/// a counter given twice would be silently replaced) and at arrays and
/// objects nested deeper than MaxJsonDepth. Checking a key costs one map
/// lookup in the object being built; the path of a duplicate is put together
/// from the stack of open containers only once one is found, so the parse is
/// linear in the size of the text whatever its nesting.
class DomBuilder {
public:
  explicit DomBuilder(json &Root) : Root(Root) {}

  // nlohmann's SAX interface names these members.
  // NOLINTBEGIN(readability-identifier-naming)
  bool null() { return add(nullptr); }
  bool boolean(bool Value) { return add(Value); }
  bool number_integer(json::number_integer_t Value) { return add(Value); }
  bool number_unsigned(json::number_unsigned_t Value) { return add(Value); }
  bool number_float(json::number_float_t Value, const json::string_t &) {
    return add(Value);
  }
  bool string(json::string_t &Value) { return add(std::move(Value)); }
  bool binary(json::binary_t &Value) { return add(std::move(Value)); }
  bool start_object(std::size_t) { return open(json::object()); }
  bool key(json::string_t &Key) {
    auto &Object = Stack.back().Container->get_ref<json::object_t &>();
    auto [It, Inserted] = Object.emplace(std::move(Key), nullptr);
    if (!Inserted) {
      Problem = Error(pathOf(It->first) +
                      ": duplicate key (each key may appear once per object)");
      return false;
    }
    Stack.back().Key = &It->first;
    Pending = &It->second;
    return true;
  }
  bool end_object() {
    Stack.pop_back();
    return true;
  }
  bool start_array(std::size_t) { return open(json::array()); }
  bool end_array() {
    Stack.pop_back();
    return true;
  }
  [[noreturn]] bool parse_error(std::size_t, const std::string &,
                                const nlohmann::detail::exception &E) {
    // Rethrow as the concrete type, like nlohmann's DOM parser does.
    if (E.id >= 100 && E.id < 200)
      throw static_cast<const json::parse_error &>(E);
    if (E.id >= 400 && E.id < 500)
      throw static_cast<const json::out_of_range &>(E);
    throw static_cast<const json::other_error &>(E);
  }
  // NOLINTEND(readability-identifier-naming)

  /// The duplicate key or the nesting that stopped the parse, if any.
  const std::optional<Error> &problem() const { return Problem; }

private:
  template <typename Value> bool add(Value &&V) {
    place(json(std::forward<Value>(V)));
    return true;
  }

  /// An open array or object, and the key of its member being read.
  struct Frame {
    json *Container;
    const std::string *Key = nullptr;
  };

  bool open(json &&Container) {
    if (Stack.size() >= MaxJsonDepth) {
      Problem = Error(pathOf("") + ": arrays and objects nested more than " +
                      std::to_string(MaxJsonDepth) + " deep");
      return false;
    }
    json *Placed = place(std::move(Container));
    Stack.push_back({Placed});
    return true;
  }

  /// The JSON path of member \p Key of the innermost open container (of the
  /// container itself when Key is empty), shortened for a message.
  std::string pathOf(const std::string &Key) const {
    std::string Path;
    for (std::size_t I = 0; I + 1 < Stack.size(); ++I) {
      const Frame &F = Stack[I];
      if (F.Container->is_array())
        Path = jsonPath(Path, F.Container->size() - 1);
      else
        Path = jsonPath(Path, *F.Key);
      if (Path.size() > 200) {
        Path = Path.substr(0, 200) + "...";
        break;
      }
    }
    if (!Key.empty())
      Path = jsonPath(Path, Key);
    return Path.empty() ? std::string("top level") : Path;
  }

  /// Stores a value where the document expects the next one.
  json *place(json &&Value) {
    if (Stack.empty()) {
      Root = std::move(Value);
      return &Root;
    }
    json &Top = *Stack.back().Container;
    if (Top.is_array()) {
      auto &Array = Top.get_ref<json::array_t &>();
      Array.push_back(std::move(Value));
      return &Array.back();
    }
    *Pending = std::move(Value);
    return Pending;
  }

  json &Root;
  std::vector<Frame> Stack;
  json *Pending = nullptr;
  std::optional<Error> Problem;
};

Error parseErrorMessage(const json::exception &E) {
  // what() reads "[json.exception.parse_error.101] parse error at line 3,
  // column 5: syntax error ..."; keep "line 3, column 5: syntax error ...".
  std::string What = E.what();
  std::string Where;
  if (auto At = What.find(" at line "); At != std::string::npos) {
    Where = What.substr(At + 4);
  } else if (auto Colon = What.find("] "); Colon != std::string::npos) {
    Where = What.substr(Colon + 2);
  } else {
    Where = What;
  }
  // nlohmann quotes the token it read last, which may be a whole file.
  auto Sep = Where.find(": ");
  if (Where.compare(0, 5, "line ") == 0 && Sep != std::string::npos)
    return Error(Where.substr(0, Sep) +
                 ": invalid JSON: " + printable(Where.substr(Sep + 2)));
  return Error("invalid JSON: " + printable(Where));
}

/// Where the first NUL byte of \p Text is, if any: nlohmann's lexer reads
/// NUL as the end of the input, which would hide what follows it.
std::optional<Error> nulByte(std::string_view Text) {
  std::size_t At = Text.find('\0');
  if (At == std::string_view::npos)
    return std::nullopt;
  std::size_t Line = 1, LineStart = 0;
  for (std::size_t I = 0; I < At; ++I)
    if (Text[I] == '\n')
      Line++, LineStart = I + 1;
  return Error("line " + std::to_string(Line) + ", column " +
               std::to_string(At - LineStart + 1) +
               ": invalid JSON: a NUL byte (JSON is text)");
}

} // namespace

Expected<json> parseJson(std::string_view Text) {
  if (std::optional<Error> Nul = nulByte(Text))
    return *Nul;
  json Root;
  DomBuilder Builder(Root);
  try {
    json::sax_parse(Text.begin(), Text.end(), &Builder);
  } catch (const json::exception &E) {
    return parseErrorMessage(E);
  }
  if (Builder.problem())
    return *Builder.problem();
  return Root;
}

Expected<json> readJsonFile(const std::string &Path) {
  Expected<std::string> Text = readInputFile(Path, MaxJsonFileBytes);
  if (!Text)
    return Text.error();
  return parseJson(*Text);
}

std::string describeJson(const json &Value) {
  switch (Value.type()) {
  case json::value_t::null:
    return "null";
  case json::value_t::boolean:
    return Value.get<bool>() ? "true" : "false";
  case json::value_t::string: {
    std::string Text = Value.dump();
    if (Text.size() > 40)
      Text = Text.substr(0, 36) + "...\"";
    return "string " + Text;
  }
  case json::value_t::number_integer:
  case json::value_t::number_unsigned:
  case json::value_t::number_float:
    return Value.dump();
  case json::value_t::object:
    return "an object";
  case json::value_t::array:
    return "an array";
  default:
    return "an unsupported value";
  }
}

std::string jsonPath(const std::string &Parent, std::string_view Field) {
  // A key is the user's text: keep the message on one line and short.
  if (Parent.empty())
    return printable(Field, 80);
  return Parent + "." + printable(Field, 80);
}

std::string jsonPath(const std::string &Parent, std::size_t Index) {
  return Parent + "[" + std::to_string(Index) + "]";
}

Error expectedError(const std::string &Path, std::string_view What,
                    const json &Got) {
  return Error((Path.empty() ? std::string("top level") : Path) +
               ": expected " + std::string(What) + ", got " +
               describeJson(Got));
}

Error missingError(const std::string &Path, std::string_view What) {
  return Error(Path + ": missing (expected " + std::string(What) + ")");
}

Status requireObject(const json &Value, const std::string &Path) {
  if (!Value.is_object())
    return expectedError(Path, "an object", Value);
  return Status::success();
}

const json *findMember(const json &Obj, std::string_view Key) {
  if (!Obj.is_object())
    return nullptr;
  auto It = Obj.find(Key);
  return It == Obj.end() ? nullptr : &*It;
}

Expected<std::string> getString(const json &Obj, std::string_view Key,
                                const std::string &Path, bool NonEmpty) {
  std::string Where = jsonPath(Path, Key);
  const char *What = NonEmpty ? "a non-empty string" : "a string";
  const json *Member = findMember(Obj, Key);
  if (!Member)
    return missingError(Where, What);
  if (!Member->is_string() || (NonEmpty && Member->get<std::string>().empty()))
    return expectedError(Where, What, *Member);
  return Member->get<std::string>();
}

Expected<std::string> getOptionalString(const json &Obj, std::string_view Key,
                                        const std::string &Path) {
  const json *Member = findMember(Obj, Key);
  if (!Member)
    return std::string();
  if (!Member->is_string())
    return expectedError(jsonPath(Path, Key), "a string", *Member);
  return Member->get<std::string>();
}

std::optional<std::string> quantityProblem(double V) {
  if (!std::isfinite(V))
    return "a finite number";
  double Magnitude = std::fabs(V);
  if (Magnitude > MaxQuantity)
    return "a number of magnitude at most " + formatGeneral(MaxQuantity);
  if (Magnitude != 0 && Magnitude < MinQuantity)
    return "0 or a number of magnitude at least " + formatGeneral(MinQuantity);
  return std::nullopt;
}

namespace {

/// \p Value as a number that \p Accept allows and that is a quantity
/// (quantityProblem); \p What says what Accept wants.
Expected<double> getQuantity(const json &Value, const std::string &Path,
                             std::string_view What, bool (*Accept)(double)) {
  if (!Value.is_number())
    return expectedError(Path, What, Value);
  double D = Value.get<double>();
  if (std::isfinite(D) && !Accept(D))
    return expectedError(Path, What, Value);
  if (std::optional<std::string> Problem = quantityProblem(D))
    return expectedError(Path, *Problem, Value);
  return D;
}

} // namespace

Expected<double> getNumber(const json &Value, const std::string &Path) {
  return getQuantity(Value, Path, "a number", [](double) { return true; });
}

Expected<double> getPositiveNumber(const json &Value, const std::string &Path) {
  return getQuantity(Value, Path, "a positive number",
                     [](double D) { return D > 0; });
}

Expected<double> getNonNegativeNumber(const json &Value,
                                      const std::string &Path) {
  return getQuantity(Value, Path, "a non-negative number",
                     [](double D) { return D >= 0; });
}

Expected<std::uint64_t> getPositiveInteger(const json &Value,
                                           const std::string &Path) {
  // Counts of SMs, bytes of L2, bits of bus: 2^53 is far above any, and
  // every such integer is exact as a double.
  constexpr std::uint64_t Max = std::uint64_t(1) << 53;
  if (Value.is_number_unsigned() && Value.get<std::uint64_t>() > Max)
    return expectedError(Path, "a positive integer of at most 2^53", Value);
  if (Value.is_number_unsigned() && Value.get<std::uint64_t>() > 0)
    return Value.get<std::uint64_t>();
  if (Value.is_number_integer() && Value.get<std::int64_t>() > 0)
    return static_cast<std::uint64_t>(Value.get<std::int64_t>());
  return expectedError(Path, "a positive integer", Value);
}

Expected<bool> getBool(const json &Value, const std::string &Path) {
  if (!Value.is_boolean())
    return expectedError(Path, "true or false", Value);
  return Value.get<bool>();
}

} // namespace headroom
