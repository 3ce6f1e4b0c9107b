# Writes OUTPUT: a C++ source that compiles every docs/rules/KVDnnn.md into the library, so that
# `kvdtype explain` works from an installed binary with no docs directory.
# Usage: cmake -DPAGES_DIR=... -DOUTPUT=... -P embed_rule_pages.cmake
file(GLOB pages "${PAGES_DIR}/KVD*.md")
list(SORT pages)
set(body "// Generated from docs/rules/*.md by cmake/embed_rule_pages.cmake. Do not edit.\n")
string(APPEND body "#include <string_view>\n#include <vector>\n\n#include \"kvdtype/io/render.hpp\"\n\nnamespace kvdtype::io {\nnamespace {\n")
string(APPEND body "struct Page {\n  std::string_view code;\n  std::string_view text;\n};\nconstexpr Page kPages[] = {\n")
foreach(p ${pages})
  get_filename_component(code "${p}" NAME_WE)
  file(READ "${p}" text)
  string(APPEND body "    {\"${code}\", R\"kvdpage(${text})kvdpage\"},\n")
endforeach()
string(APPEND body "    {\"\", \"\"},\n};\n}  // namespace\n\n")
string(APPEND body "std::string_view rule_page(std::string_view code) noexcept {\n  for (const Page& p : kPages)\n    if (!p.code.empty() && p.code == code) return p.text;\n  return {};\n}\n\n")
string(APPEND body "std::vector<std::string_view> rule_page_codes() {\n  std::vector<std::string_view> out;\n  for (const Page& p : kPages)\n    if (!p.code.empty()) out.push_back(p.code);\n  return out;\n}\n\n}  // namespace kvdtype::io\n")
file(WRITE "${OUTPUT}.tmp" "${body}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
