package io.snowflakeid.quarkus.runtime;

/**
 * Property names as Qute (and {@code java.beans}) derive them from accessors: {@link PublicIdValueResolver} maps them
 * to tokens at run time, and the build's Qute checks name properties with the same rule, so that both agree. Apart
 * from the resolver, which the build cannot load without Qute on its class path.
 */
public final class PropertyNames {

	private PropertyNames() {
	}

	/**
	 * The property name of what follows a getter's or setter's prefix, whatever it is: {@code Id} and {@code id} are
	 * {@code id}, {@code XRef} stays {@code XRef}, {@code _id} is {@code _id}.
	 */
	public static String decapitalized(String rest) {
		boolean acronym = rest.length() > 1 && Character.isUpperCase(rest.charAt(0))
				&& Character.isUpperCase(rest.charAt(1));
		return acronym ? rest : Character.toLowerCase(rest.charAt(0)) + rest.substring(1);
	}
}
