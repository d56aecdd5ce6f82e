// The pages without a script of their own (rules, tips, FAQ): the header's account box.
import { createAccountMenu } from "./account.js";

createAccountMenu();
