package io.snowflakeid.spring.publicid;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Executable;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.internal.BackgroundTask;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertyResolver;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.core.io.support.ResourcePatternResolver;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.core.type.classreading.SimpleMetadataReaderFactory;
import org.springframework.util.ClassUtils;

/**
 * Without a key, {@code @PublicId} must not quietly mean nothing (the raw id would go out): at start, the
 * application's packages (those of {@code @SpringBootApplication}) are searched for it, and the start fails naming
 * where it is used and the property to set. Only class files that mention the annotation are loaded (their bytes
 * are searched first), so an application without public ids pays one read per class.
 */
final class PublicIdWithoutKeysCheck implements SmartInitializingSingleton {

	private static final byte[] DESCRIPTOR = ("L" + PublicId.class.getName().replace('.', '/') + ";")
		.getBytes(StandardCharsets.US_ASCII);

	private final BeanFactory beanFactory;

	/** The search, started with this bean: it reads the application's class files while the context goes on. */
	private final BackgroundTask<List<String>> search;

	PublicIdWithoutKeysCheck(BeanFactory beanFactory) {
		this.beanFactory = beanFactory;
		this.search = AutoConfigurationPackages.has(beanFactory) ? BackgroundTask.start("snowflake-public-id-search",
				() -> usages(found(AutoConfigurationPackages.get(beanFactory), getClass().getClassLoader(),
						environment(beanFactory))))
				: null;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (this.search == null || this.beanFactory.getBeanProvider(PublicIdCodec.class).getIfAvailable() != null) {
			return; // no application packages, or a codec bean of the application's own
		}
		List<String> usages = this.search.join();
		if (!usages.isEmpty()) {
			throw new IllegalStateException("@PublicId is used (" + String.join(", ", usages) + ") but no key is "
					+ "configured: set " + PublicIdCodec.KEYS + ".<version>=<base64 AES key of 16, 24 or 32 bytes> "
					+ "(e.g. " + PublicIdCodec.KEYS + ".1 from openssl rand -base64 32), and keep it secret");
		}
	}

	/** Where {@code @PublicId} is used: {@code Class.member}, once each. */
	static List<String> usages(List<String> packages, ClassLoader classLoader) {
		return usages(found(packages, classLoader));
	}

	private static List<String> usages(List<Found> found) {
		return found.stream().map(Found::usage).distinct().toList();
	}

	/**
	 * Every {@code @PublicId} annotation in the packages, with its place (also read by {@link PublicIdDomainCheck}).
	 * Each class file's bytes are searched for the annotation's name first; only those that mention it are parsed
	 * and loaded. Spring's component scanner parses every class file before any filter sees it (55-110 µs a class
	 * against 26-32 µs for this search, measured on the 7,157 classes of Spring's jars: 50-100 ms at each start of
	 * an application of a thousand classes, docs/benchmarks-history.md), and it evaluates
	 * {@code @Conditional}/{@code @Profile} against an environment that is not the application's; this scan looks
	 * at every class, whichever profile it belongs to.
	 */
	static List<Found> found(List<String> packages, ClassLoader classLoader) {
		return found(packages, classLoader, new StandardEnvironment());
	}

	/**
	 * As {@link #found(List, ClassLoader)}, the packages' placeholders ({@code @AutoConfigurationPackage(basePackages
	 * = "${...}")} is registered as written) resolved against {@code placeholders}, as Spring Boot's entity and
	 * repository scans resolve them: a name that cannot be resolved fails the start rather than searching nothing.
	 */
	static List<Found> found(List<String> packages, ClassLoader classLoader, PropertyResolver placeholders) {
		List<Found> found = new ArrayList<>();
		PathMatchingResourcePatternResolver resolver = new PathMatchingResourcePatternResolver(classLoader);
		MetadataReaderFactory readers = new SimpleMetadataReaderFactory(resolver);
		for (String basePackage : packages) {
			Resource[] classFiles;
			try {
				classFiles = resolver.getResources(ResourcePatternResolver.CLASSPATH_ALL_URL_PREFIX
						+ ClassUtils.convertClassNameToResourcePath(placeholders.resolveRequiredPlaceholders(basePackage))
						+ "/**/*.class");
			}
			catch (IOException ex) {
				throw new IllegalStateException("Could not list the classes of package " + basePackage
						+ " to look for @PublicId", ex);
			}
			for (Resource classFile : classFiles) {
				try {
					if (!mentionsPublicId(classFile)) {
						continue;
					}
					String name = readers.getMetadataReader(classFile).getClassMetadata().getClassName();
					collect(Class.forName(name, false, classLoader), found);
				}
				catch (FileNotFoundException ex) {
					// unreadable (a dangling link, another user's file): the JVM cannot load it either, and Spring's
					// component scanner, which this search replaced, skipped it too
				}
				catch (IOException ex) {
					throw new IllegalStateException("Could not read " + classFile + " to look for @PublicId", ex);
				}
				catch (ClassNotFoundException | LinkageError ex) {
					// not loadable here: not something this application serializes or routes to
				}
			}
		}
		return found;
	}

	/** The application's environment, for the placeholders of package names. */
	static PropertyResolver environment(BeanFactory beanFactory) {
		return beanFactory.getBeanProvider(Environment.class).getIfAvailable(StandardEnvironment::new);
	}

	/** One {@code @PublicId}: {@code usage} is {@code Class.member}, {@code place} adds the parameter. */
	record Found(String usage, String place, PublicId publicId) {
	}

	private static boolean mentionsPublicId(Resource classFile) throws IOException {
		try (InputStream in = classFile.getInputStream()) {
			byte[] bytes = in.readAllBytes();
			outer: for (int i = 0; i <= bytes.length - DESCRIPTOR.length; i++) {
				for (int j = 0; j < DESCRIPTOR.length; j++) {
					if (bytes[i + j] != DESCRIPTOR[j]) {
						continue outer;
					}
				}
				return true;
			}
			return false;
		}
	}

	private static void collect(Class<?> type, List<Found> found) {
		List<AnnotatedElement> elements = new ArrayList<>(List.of(type.getDeclaredFields()));
		elements.addAll(List.of(type.getDeclaredMethods()));
		if (type.isRecord()) {
			elements.addAll(List.of(type.getRecordComponents())); // the canonical constructor repeats them
		}
		else {
			elements.addAll(List.of(type.getDeclaredConstructors()));
		}
		for (AnnotatedElement element : elements) {
			String name = (element instanceof java.lang.reflect.Constructor<?>) ? "<init>"
					: (element instanceof java.lang.reflect.Member member) ? member.getName()
							: ((RecordComponent) element).getName();
			String usage = type.getName() + "." + name;
			PublicId publicId = element.getAnnotation(PublicId.class);
			if (publicId != null) {
				found.add(new Found(usage, usage, publicId));
			}
			if (element instanceof Executable executable) {
				for (Parameter parameter : executable.getParameters()) {
					PublicId onParameter = parameter.getAnnotation(PublicId.class);
					if (onParameter != null) {
						found.add(new Found(usage, usage + " parameter " + parameter.getName(), onParameter));
					}
				}
			}
		}
	}
}
