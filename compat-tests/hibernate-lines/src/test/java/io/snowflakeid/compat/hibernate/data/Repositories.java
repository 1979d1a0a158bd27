package io.snowflakeid.compat.hibernate.data;

import org.hibernate.StatelessSession;

/** Instantiates the processor's implementation of a repository, under the name the line gives it. */
final class Repositories {

	private Repositories() {
	}

	/** 8.0 names the generated class {@code _Shop} (migration guide, "Repository implementation instantiation"). */
	static <R> R over(StatelessSession session, Class<R> repository) throws ReflectiveOperationException {
		String packagePrefix = repository.getPackageName() + ".";
		for (String name : new String[] { packagePrefix + "_" + repository.getSimpleName(),
				repository.getName() + "_" }) {
			try {
				Class<?> implementation = Class.forName(name, true, repository.getClassLoader());
				return repository.cast(implementation.getConstructor(StatelessSession.class).newInstance(session));
			}
			catch (ClassNotFoundException ex) {
				// the other line's name
			}
		}
		throw new ClassNotFoundException("no generated implementation of " + repository.getName()
				+ " (is the Hibernate Processor on the annotation processor path?)");
	}
}
