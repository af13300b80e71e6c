// image-browser-fuzz: the fuzzing driver (Fuzz/fuzz.sh, `make fuzz`); see Docs/Development.md.
import Foundation

/// What the driver was asked to do.
let usage = """
  usage: image-browser-fuzz decode CORPUS-FOLDER [--from INDEX]
         image-browser-fuzz helpers CORPUS-FOLDER [--from INDEX]
         image-browser-fuzz names|settings [libFuzzer flags] [CORPUS-FOLDER or FILE...]
         image-browser-fuzz decode-file FILE WIDTHxHEIGHT [--gdk-pixbuf]

  decode    runs every file of the folder through the decoders and the thumbnail cache,
            one line per file on stdout (Fuzz/run-decoders.py reads them)
  helpers   the same folder through the decoder helpers as the app uses them, with
            G_DEBUG=fatal-criticals in their environment (a GLib critical is a finding)
  names     the folder scanner's name handling: libFuzzer in a fuzzing build, else
            each input file (or each file of a folder) once
  settings  the settings parser, the same way
  decode-file  one file decoded once to fit the box, in process (or through gdk-pixbuf's
            loader), for Benchmarks/app/decode-instructions.sh to count under callgrind
  """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "decode":
  exit(DecodeRun.main(Array(arguments.dropFirst())))
case "helpers":
  exit(HelperRun.main(Array(arguments.dropFirst())))
case "names":
  exit(FuzzTarget.names.run(Array(arguments.dropFirst())))
case "decode-file":
  exit(DecodeFile.main(Array(arguments.dropFirst())))
case "settings":
  exit(FuzzTarget.settings.run(Array(arguments.dropFirst())))
default:
  FileHandle.standardError.write(Data(usage.utf8))
  exit(2)
}
