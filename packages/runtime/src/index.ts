export * as Logging from "./Logging.js"
export * as Main from "./Main.js"
export * as Progress from "./Progress.js"
