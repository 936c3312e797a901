// Prints how many imports run up the layers (the server's, and the app's: routes, features,
// components, client, lib), or from server/ into app/ outside app/lib:
// `npm run layers`. The lint fails on any; this names them and gives the count, 0 when all is well.
import { ESLint } from "eslint";

const RULE = "import-x/no-restricted-paths";
const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === RULE });
const results = await eslint.lintFiles(["server", "cli", "app"]);
let count = 0;
for (const result of results) {
  for (const message of result.messages.filter((each) => each.ruleId === RULE)) {
    count += 1;
    console.log(`${result.filePath}:${message.line}: ${message.message}`);
  }
}
console.log(`Upward imports: ${count}`);
process.exitCode = count === 0 ? 0 : 1;
