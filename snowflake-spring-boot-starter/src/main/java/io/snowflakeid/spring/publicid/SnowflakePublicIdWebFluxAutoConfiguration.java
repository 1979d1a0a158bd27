package io.snowflakeid.spring.publicid;

import java.lang.reflect.Field;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.util.ReflectionUtils;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.reactive.result.method.AbstractHandlerMethodMapping;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerAdapter;

/**
 * WebFlux: {@code @PathVariable}/{@code @RequestParam @PublicId} parameters of reactive controllers are decoded from
 * tokens ({@link PublicIdReactiveArgumentResolver}, placed before WebFlux's own resolvers), {@code @PublicId}
 * properties of {@code @ModelAttribute} objects too ({@link PublicIdBindingInitializer}, shared with Spring MVC), and a
 * bad token is a 400 with a problem detail ({@link PublicIdExceptionHandler}). Only in reactive web applications with
 * a {@link PublicIdCodec}. Functional endpoints ({@code RouterFunction}) read path variables themselves: decode them
 * with the codec ({@code codec.forDomain(...).decode(request.pathVariable("id"))}).
 */
@AutoConfiguration(after = SnowflakePublicIdAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass(name = "org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerAdapter")
@ConditionalOnBean(PublicIdCodec.class)
public final class SnowflakePublicIdWebFluxAutoConfiguration {

	/**
	 * The lists of argument resolvers WebFlux builds in {@code ControllerMethodResolver}, for request mapping,
	 * {@code @ModelAttribute} and {@code @ExceptionHandler} methods. WebFlux offers custom resolvers only after its
	 * annotation-based ones ({@code ArgumentResolverConfigurer}), where {@code @PathVariable} would already have read
	 * the raw id: the resolver is put first in each list, which is mutable. Should a Spring version rename them or make
	 * them immutable, the application does not start, rather than reading raw ids. (The {@code @InitBinder} list is
	 * immutable: {@code @PublicId} parameters of {@code @InitBinder} methods are not decoded.)
	 */
	private static final List<String> RESOLVER_LISTS = List.of("requestMappingResolvers", "modelAttributeResolvers",
			"exceptionHandlerResolvers");

	/** Static, and the codec looked up late: a post-processor must not pull beans in early. */
	@Bean
	static BeanPostProcessor publicIdReactiveArgumentResolverRegistrar(ObjectProvider<PublicIdCodec> codec) {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof RequestMappingHandlerAdapter adapter) {
					// @ModelAttribute: read by afterPropertiesSet, so set before it
					adapter.setWebBindingInitializer(
							new PublicIdBindingInitializer(adapter.getWebBindingInitializer(), codec.getObject()));
				}
				return bean;
			}

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof RequestMappingHandlerAdapter adapter) {
					placeFirst(adapter, new PublicIdReactiveArgumentResolver(codec.getObject()));
				}
				return bean;
			}
		};
	}

	@SuppressWarnings("unchecked")
	static void placeFirst(RequestMappingHandlerAdapter adapter, PublicIdReactiveArgumentResolver resolver) {
		Object methodResolver = read(adapter, "methodResolver");
		for (String name : RESOLVER_LISTS) {
			Object list = read(methodResolver, name);
			if (!(list instanceof List<?>)) {
				throw cannotPlace(name + " is not a list");
			}
			try {
				((List<Object>) list).add(0, resolver);
			}
			catch (UnsupportedOperationException ex) {
				throw cannotPlace(name + " is not mutable");
			}
		}
	}

	private static Object read(Object target, String name) {
		Field field = (target != null) ? ReflectionUtils.findField(target.getClass(), name) : null;
		if (field == null) {
			throw cannotPlace("no field " + name);
		}
		ReflectionUtils.makeAccessible(field);
		return ReflectionUtils.getField(field, target);
	}

	private static IllegalStateException cannotPlace(String why) {
		return new IllegalStateException("@PublicId in WebFlux: cannot place the public id argument resolver before "
				+ "WebFlux's own (" + why + " in this Spring version's RequestMappingHandlerAdapter); without it "
				+ "@PathVariable @PublicId would read raw ids. Use a Spring Framework version this starter supports. "
				+ "Excluding SnowflakePublicIdWebFluxAutoConfiguration does not help: any reactive handler method "
				+ "with a @PublicId parameter (or binding @PublicId properties) then stops the start too.");
	}

	/** Unsupported {@code @PublicId} handler parameters stop the start, naming them. */
	@Bean
	PublicIdHandlerMethodsCheck publicIdHandlerMethodsCheck(ListableBeanFactory beans) {
		return new PublicIdHandlerMethodsCheck(() -> handlerMethods(beans));
	}

	/** The handler methods of every WebFlux handler mapping. */
	@SuppressWarnings({ "rawtypes", "unchecked" })
	static List<HandlerMethod> handlerMethods(ListableBeanFactory beans) {
		return beans.getBeansOfType(AbstractHandlerMethodMapping.class)
			.values()
			.stream()
			.flatMap((mapping) -> ((Map<?, HandlerMethod>) ((AbstractHandlerMethodMapping) mapping).getHandlerMethods()).values().stream())
			.toList();
	}

	/**
	 * Whether {@link PublicIdReactiveArgumentResolver} is in place in each resolver list of every
	 * {@link RequestMappingHandlerAdapter} (there is at least one): what {@link PublicIdResolverAbsentCheck} asks when a
	 * handler method has a {@code @PublicId} parameter. Lists that cannot be read count as without it.
	 */
	static boolean resolverRegistered(ListableBeanFactory beans) {
		Collection<RequestMappingHandlerAdapter> adapters = beans.getBeansOfType(RequestMappingHandlerAdapter.class)
			.values();
		return !adapters.isEmpty() && adapters.stream().allMatch(SnowflakePublicIdWebFluxAutoConfiguration::isPlaced);
	}

	private static boolean isPlaced(RequestMappingHandlerAdapter adapter) {
		try {
			Object methodResolver = read(adapter, "methodResolver");
			for (String name : RESOLVER_LISTS) {
				if (!(read(methodResolver, name) instanceof List<?> list)
						|| list.stream().noneMatch(PublicIdReactiveArgumentResolver.class::isInstance)) {
					return false;
				}
			}
			return true;
		}
		catch (IllegalStateException ex) {
			return false;
		}
	}

	@Bean
	@ConditionalOnMissingBean
	PublicIdExceptionHandler publicIdExceptionHandler() {
		return new PublicIdExceptionHandler();
	}
}
