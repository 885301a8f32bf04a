/** The Token Portfolio server the build took the remotes from (rspack.config.js). */
declare const TOKEN_PORTFOLIO_SERVER: string;
