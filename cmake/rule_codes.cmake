# Writes OUTPUT: the rule codes of src/tables/rules.cpp as a constexpr list, so that a rule code
# written anywhere else (a Constraint row, a check) is checked by the compiler against the rule
# table (src/tables/rule_id.hpp). The rule table stays the one place a rule is defined.
# Usage: cmake -DRULES=.../rules.cpp -DOUTPUT=... -P rule_codes.cmake
file(STRINGS "${RULES}" lines REGEX "\\.code = \"KVD[0-9]+\"")
set(codes "")
foreach(line ${lines})
  string(REGEX MATCH "KVD[0-9]+" code "${line}")
  string(APPEND codes "    \"${code}\",\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from src/tables/rules.cpp by cmake/rule_codes.cmake. Do not edit.\n#pragma once\n\n#include <string_view>\n\nnamespace kvdtype::tables {\ninline constexpr std::string_view kRuleCodes[] = {\n${codes}};\n}  // namespace kvdtype::tables\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
