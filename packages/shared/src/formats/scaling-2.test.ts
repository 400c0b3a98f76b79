/// <reference types="node" />
import { describeScaling } from './scaling-suite.ts';

// The second of the scaling test's two shares (scaling-suite.ts): npm test runs both at once, one a core.
describeScaling(1, 2);
