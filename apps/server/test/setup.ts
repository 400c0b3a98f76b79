import { setScryptCostForTests } from '../src/accounts/password-hash.ts';
import { TEST_SCRYPT_COST } from './scrypt-cost.ts';

// Before each test file: password hashes at a lower scrypt cost (scrypt-cost.ts).
setScryptCostForTests(TEST_SCRYPT_COST);
