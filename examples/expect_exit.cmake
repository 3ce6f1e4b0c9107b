# cmake -DEXPECT=<status>[,<status>…] [-DMATCH=<regex>] -P expect_exit.cmake -- <command…>
# Runs the command, echoes its output, and fails unless it exited with one of the statuses and
# (when MATCH is set) printed something matching the regex. CTest alone knows only zero and
# non-zero, and its PASS_REGULAR_EXPRESSION ignores the status: a refusal must be the refusal,
# not a crash that happens to print the same code.
cmake_minimum_required(VERSION 3.25)  # IN_LIST and today's policies in script mode
set(cmd "")
set(seen_dashes FALSE)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE 1 ${last})
  if(seen_dashes)
    list(APPEND cmd "${CMAKE_ARGV${i}}")
  elseif("${CMAKE_ARGV${i}}" STREQUAL "--")
    set(seen_dashes TRUE)
  endif()
endforeach()
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
string(REPLACE "," ";" expected "${EXPECT}")
if(NOT rc IN_LIST expected)
  message(FATAL_ERROR "exit status ${rc}, expected ${EXPECT}")
endif()
if(DEFINED MATCH AND NOT MATCH STREQUAL "")
  string(REPLACE "\n" " " flat "${out}${err}")
  if(NOT flat MATCHES "${MATCH}")
    message(FATAL_ERROR "output does not match '${MATCH}'")
  endif()
endif()
