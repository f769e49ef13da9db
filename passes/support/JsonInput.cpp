//===- JsonInput.cpp - Validating reads of Headroom's JSON files ----------===//

#include "support/JsonInput.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

namespace headroom {

using nlohmann::json;

namespace {

/// Thrown by the parser callback on a key that repeats in one object (JSON
/// allows it, nlohmann keeps the last, and a counter given twice would be
/// silently replaced).
struct DuplicateKey {
  std::string Path;
};

/// Tracks the JSON path during parsing to report duplicate keys.
class DuplicateKeyChecker {
public:
  bool operator()(int /*Depth*/, json::parse_event_t Event, json &Parsed) {
    switch (Event) {
    case json::parse_event_t::object_start:
    case json::parse_event_t::array_start:
      Frames.push_back(
          {Event == json::parse_event_t::object_start, childPath(), {}, 0});
      break;
    case json::parse_event_t::object_end:
    case json::parse_event_t::array_end:
      Frames.pop_back();
      break;
    case json::parse_event_t::key: {
      Frame &Top = Frames.back();
      std::string Key = Parsed.get<std::string>();
      if (!Top.Keys.insert(Key).second)
        throw DuplicateKey{jsonPath(Top.Path, Key)};
      Top.LastKey = Key;
      break;
    }
    case json::parse_event_t::value:
      if (!Frames.empty() && !Frames.back().IsObject)
        ++Frames.back().Index;
      break;
    }
    return true;
  }

private:
  struct Frame {
    bool IsObject;
    std::string Path;
    std::set<std::string> Keys;
    std::size_t Index;
    std::string LastKey;
  };

  /// The path of a container that starts now.
  std::string childPath() {
    if (Frames.empty())
      return "";
    Frame &Parent = Frames.back();
    if (Parent.IsObject)
      return jsonPath(Parent.Path, Parent.LastKey);
    return jsonPath(Parent.Path, Parent.Index++);
  }

  std::vector<Frame> Frames;
};

/// Builds the document like nlohmann's own DOM parser, but stops at the first
/// key that repeats in an object. Checking a key against the object being
/// built costs one map lookup, where the path-tracking callback above costs a
/// string and a set per container; that callback is only run to name the
/// duplicate once one is found.
class DomBuilder {
public:
  explicit DomBuilder(json &Root) : Root(Root) {}

  bool null() { return add(nullptr); }
  bool boolean(bool Value) { return add(Value); }
  bool number_integer(json::number_integer_t Value) { return add(Value); }
  bool number_unsigned(json::number_unsigned_t Value) { return add(Value); }
  bool number_float(json::number_float_t Value, const json::string_t &) {
    return add(Value);
  }
  bool string(json::string_t &Value) { return add(std::move(Value)); }
  bool binary(json::binary_t &Value) { return add(std::move(Value)); }
  bool start_object(std::size_t) {
    Stack.push_back(place(json::object()));
    return true;
  }
  bool key(json::string_t &Key) {
    auto &Object = Stack.back()->get_ref<json::object_t &>();
    auto [It, Inserted] = Object.emplace(std::move(Key), nullptr);
    if (!Inserted) {
      FoundDuplicate = true;
      return false;
    }
    Pending = &It->second;
    return true;
  }
  bool end_object() {
    Stack.pop_back();
    return true;
  }
  bool start_array(std::size_t) {
    Stack.push_back(place(json::array()));
    return true;
  }
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

  bool foundDuplicate() const { return FoundDuplicate; }

private:
  template <typename Value> bool add(Value &&V) {
    place(json(std::forward<Value>(V)));
    return true;
  }

  /// Stores a value where the document expects the next one.
  json *place(json &&Value) {
    if (Stack.empty()) {
      Root = std::move(Value);
      return &Root;
    }
    json &Top = *Stack.back();
    if (Top.is_array()) {
      auto &Array = Top.get_ref<json::array_t &>();
      Array.push_back(std::move(Value));
      return &Array.back();
    }
    *Pending = std::move(Value);
    return Pending;
  }

  json &Root;
  std::vector<json *> Stack;
  json *Pending = nullptr;
  bool FoundDuplicate = false;
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
  auto Sep = Where.find(": ");
  if (Where.compare(0, 5, "line ") == 0 && Sep != std::string::npos)
    return Error(Where.substr(0, Sep) +
                 ": invalid JSON: " + Where.substr(Sep + 2));
  return Error("invalid JSON: " + Where);
}

/// Names the first repeated key; only called once the fast parse found one.
Error duplicateKeyError(std::string_view Text) {
  try {
    json Checked = json::parse(Text.begin(), Text.end(), DuplicateKeyChecker());
    (void)Checked;
  } catch (const DuplicateKey &D) {
    return Error((D.Path.empty() ? std::string("top level") : D.Path) +
                 ": duplicate key (each key may appear once per object)");
  } catch (const json::exception &E) {
    return parseErrorMessage(E);
  }
  return Error("duplicate key (each key may appear once per object)");
}

} // namespace

Expected<json> parseJson(std::string_view Text) {
  json Root;
  DomBuilder Builder(Root);
  try {
    json::sax_parse(Text.begin(), Text.end(), &Builder);
  } catch (const json::exception &E) {
    return parseErrorMessage(E);
  }
  if (Builder.foundDuplicate())
    return duplicateKeyError(Text);
  return Root;
}

Expected<json> readJsonFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return Error(std::string("cannot open file: ") + std::strerror(errno));
  // One read into a buffer of the file's size: profiles run to tens of MB.
  std::string Text;
  if (In.seekg(0, std::ios::end)) {
    std::streamoff Size = In.tellg();
    if (Size > 0)
      Text.resize(static_cast<std::size_t>(Size));
    In.seekg(0, std::ios::beg);
    In.read(Text.data(), static_cast<std::streamsize>(Text.size()));
    Text.resize(static_cast<std::size_t>(In.gcount()));
  }
  // A pipe or a file that grew: read the rest.
  In.clear();
  std::ostringstream Rest;
  Rest << In.rdbuf();
  if (In.bad())
    return Error(std::string("cannot read file: ") + std::strerror(errno));
  Text += Rest.str();
  return parseJson(Text);
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
  if (Parent.empty())
    return std::string(Field);
  return Parent + "." + std::string(Field);
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

Expected<double> getNumber(const json &Value, const std::string &Path) {
  if (!Value.is_number())
    return expectedError(Path, "a number", Value);
  double D = Value.get<double>();
  if (!std::isfinite(D))
    return expectedError(Path, "a finite number", Value);
  return D;
}

Expected<double> getPositiveNumber(const json &Value, const std::string &Path) {
  if (!Value.is_number() || !std::isfinite(Value.get<double>()) ||
      Value.get<double>() <= 0)
    return expectedError(Path, "a positive number", Value);
  return Value.get<double>();
}

Expected<double> getNonNegativeNumber(const json &Value,
                                      const std::string &Path) {
  if (!Value.is_number() || !std::isfinite(Value.get<double>()) ||
      Value.get<double>() < 0)
    return expectedError(Path, "a non-negative number", Value);
  return Value.get<double>();
}

Expected<std::uint64_t> getPositiveInteger(const json &Value,
                                           const std::string &Path) {
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
