import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { renderPartnerPage } from '../../page.js';

renderPartnerPage({ React, createRoot, registerRemotes, loadRemote });
