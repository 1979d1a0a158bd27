package io.snowflakeid.internal.logging;

import java.text.MessageFormat;
import java.util.ResourceBundle;

/**
 * A {@link System.Logger} over another logging API, for {@link Logging#route}: subclasses say whether a level is on
 * and write one finished message; the {@link MessageFormat} patterns and resource bundles of {@code System.Logger}
 * are resolved here, once for every backend.
 */
public abstract class ForwardingSystemLogger implements System.Logger {

	private final String name;

	protected ForwardingSystemLogger(String name) {
		this.name = name;
	}

	@Override
	public final String getName() {
		return this.name;
	}

	@Override
	public final void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
		if (isLoggable(level)) {
			write(level, localized(bundle, message), thrown);
		}
	}

	@Override
	public final void log(Level level, ResourceBundle bundle, String format, Object... params) {
		if (isLoggable(level)) {
			String pattern = localized(bundle, format);
			String message = (params == null || params.length == 0) ? pattern : MessageFormat.format(pattern, params);
			write(level, message, null);
		}
	}

	/** Writes one message at a level that {@link #isLoggable} allows. {@code level} is never ALL or OFF. */
	protected abstract void write(Level level, String message, Throwable thrown);

	private static String localized(ResourceBundle bundle, String key) {
		if (bundle == null || key == null || !bundle.containsKey(key)) {
			return key;
		}
		return bundle.getString(key);
	}
}
