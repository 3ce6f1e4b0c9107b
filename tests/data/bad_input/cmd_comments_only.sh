#!/bin/sh
# nothing to run here

