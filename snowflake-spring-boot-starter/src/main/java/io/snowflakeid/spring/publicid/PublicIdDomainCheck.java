package io.snowflakeid.spring.publicid;

import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;

/**
 * With a codec, every {@code @PublicId("domain")} in the application's packages is checked at start: an invalid
 * domain name would otherwise fail only when Jackson or Spring MVC first meets the property, in a request. The start
 * fails naming the class, the member and the value. Also builds each domain's codec once, before the first request.
 * The search is {@link PublicIdWithoutKeysCheck}'s (only class files that mention the annotation are loaded).
 */
final class PublicIdDomainCheck implements SmartInitializingSingleton {

	private final BeanFactory beanFactory;

	PublicIdDomainCheck(BeanFactory beanFactory) {
		this.beanFactory = beanFactory;
	}

	@Override
	public void afterSingletonsInstantiated() {
		PublicIdCodec codec = this.beanFactory.getBeanProvider(PublicIdCodec.class).getIfUnique();
		if (codec == null || !AutoConfigurationPackages.has(this.beanFactory)) {
			return;
		}
		for (PublicIdWithoutKeysCheck.Found found : PublicIdWithoutKeysCheck
			.found(AutoConfigurationPackages.get(this.beanFactory), getClass().getClassLoader(),
					PublicIdWithoutKeysCheck.environment(this.beanFactory))) {
			try {
				codec.forDomain(found.publicId().value());
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalStateException("@PublicId(\"" + found.publicId().value() + "\") on " + found.place()
						+ ": " + ex.getMessage()); // the message says it all
			}
		}
	}
}
